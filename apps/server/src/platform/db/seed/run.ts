import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveEnv } from '#platform/config/env.js';
import { openDatabase, runMigrations } from '../client.js';
import { formatDemoAccounts } from './demo-accounts.js';
import { seedDemoData } from './demo.js';
import { seedProfiles } from './profiles.js';
import { seedSettings } from './settings.js';
import { seedWorkflowSteps } from './workflows.js';

/**
 * `npm run seed` runs with apps/server as its working folder, where './data' would be a second,
 * different database from the one `npm start` (run from the root) uses: read paths from the root.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');

async function main(): Promise<void> {
  process.chdir(repositoryRoot);
  const env = resolveEnv();
  const handle = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.dataDir });
  try {
    await runMigrations(handle);
    await seedProfiles(handle.db);
    await seedSettings(handle.db);
    await seedWorkflowSteps(handle.db);
    const { seeded } = await seedDemoData(handle.db, env.encryptionKey);
    const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : path.join(env.dataDir, 'db');
    if (seeded) console.log(`Demo data written to ${where}. Demo accounts:\n\n${formatDemoAccounts()}\n`);
    else console.log(`Database not empty (${where}), nothing seeded.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
