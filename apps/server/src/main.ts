import { performance } from 'node:perf_hooks';
import { buildApp, defaultWebDistDir } from './app.js';
import { recoverInterruptedImports } from './features/imports/confirm/apply-in-steps.js';
import { registerPurgeJobs } from './features/settings/token-purges/purge-jobs.js';
import { registerDocumentJobs } from './features/documents/documents.jobs.js';
import { registerNotificationJobs } from './features/notifications/notifications.jobs.js';
import { releaseSendsOfStoppedWorkers } from './features/notifications/sending.repository.js';
import { createPushSender } from './adapters/push/index.js';
import { createFileStorage } from './adapters/storage/index.js';
import { purgeBin } from './features/users/status/users-bin.service.js';
import { purgeExpiredSessions } from './platform/auth/sessions.js';
import { ConfigError, describeEnv, resolveEnv, type Env } from './platform/config/env.js';
import { EmbeddedDatabaseError, openDatabase, runMigrations } from './platform/db/client.js';
import { DataDirLockedError } from './platform/db/data-dir-lock.js';
import { purgeIdempotencyKeys } from './platform/http/idempotency.js';
import { createJobs } from './platform/jobs/jobs.js';
import { formatDemoAccounts } from './platform/db/seed/demo-accounts.js';
import { seedDemoData } from './platform/db/seed/demo.js';
import { seedProfiles } from './platform/db/seed/profiles.js';
import { seedSettings } from './platform/db/seed/settings.js';
import { seedWorkflowSteps } from './platform/db/seed/workflows.js';
import { startRealtime } from './platform/realtime/realtime.js';

function loadEnv(): Env {
  try {
    return resolveEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Starts the whole product: migrations, demo data on an empty database, API, SPA and realtime. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const env = loadEnv();
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    checkpoints: { onError: (error) => console.error('embedded database checkpoint failed (retrying):', error) },
  });
  await runMigrations(handle);
  await seedProfiles(handle.db);
  await seedSettings(handle.db);
  await seedWorkflowSteps(handle.db);
  // One process holds the embedded database: a confirmation it left half done is taken back, a
  // send it left held is let go to resume at once.
  if (handle.engine === 'pglite') {
    const recovered = await recoverInterruptedImports(handle.db);
    if (recovered > 0) console.warn(`${recovered} import confirmation(s) interrupted by the last stop were taken back`);
    const resumed = await releaseSendsOfStoppedWorkers(handle.db);
    if (resumed > 0) console.warn(`${resumed} notification send(s) interrupted by the last stop resume now`);
  }
  const demo = env.SEED_DEMO ? await seedDemoData(handle.db, env.encryptionKey) : { seeded: false };
  const deps = { db: handle.db, env, engine: handle.engine };
  const app = await buildApp(deps, {
    webDistDir: env.WEB_DIST_DIR ?? defaultWebDistDir(),
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
  });
  // With REDIS_URL, the Redis adapter carries realtime events between instances.
  app.log.info({ configuration: describeEnv(env) }, 'configuration (sensitive values masked)');
  // Every instance purges on its own: the deletes are idempotent.
  const purge = () =>
    Promise.all([
      purgeExpiredSessions(handle.db).catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed')),
      purgeBin(handle.db).catch((error: unknown) => app.log.warn({ err: error }, 'bin purge failed')),
      purgeIdempotencyKeys(handle.db).catch((error: unknown) => app.log.warn({ err: error }, 'idempotency key purge failed')),
    ]);
  void purge();
  setInterval(() => void purge(), 3_600_000).unref();
  await startRealtime(app, deps);
  // Scheduled work (token purges, the sweep of uploads never registered, notification sends, Expo's receipts): in-process, or BullMQ on Redis when REDIS_URL is set.
  const jobs = await createJobs(env, app.log, { everyMs: env.JOBS_TICK_SECONDS * 1000 });
  registerPurgeJobs(jobs, deps);
  registerDocumentJobs(jobs, { db: handle.db, storage: createFileStorage(env), log: app.log });
  registerNotificationJobs(jobs, { db: handle.db, push: createPushSender(env, handle.db), realtime: app.realtime, log: app.log });
  app.jobs.bind(jobs.queue);
  jobs.start();
  await app.listen({ port: env.PORT, host: env.HOST });

  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  const url = `http://localhost:${env.PORT}`;
  const database = handle.engine === 'pglite' ? `embedded (${env.dataDir}/db)` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\n  Console 3.1.0 listening on ${url} in ${seconds} s — database: ${database}`);
  if (app.realtime.reach() === 'unreachable') {
    console.log(
      "  Redis (REDIS_URL) unreachable: live updates reach only this instance's browsers until it is back (connecting by itself).",
    );
  }
  if (env.SEED_DEMO) {
    console.log(demo.seeded ? '  Demo data created. Demo sign-in:' : '  Demo sign-in:');
    console.log(formatDemoAccounts().replace(/^/gm, '    '));
  }
  console.log('');

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await jobs.stop();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  // These say what happened and what to do in a sentence; a stack trace would only hide it.
  if (error instanceof DataDirLockedError || error instanceof EmbeddedDatabaseError) console.error(`\n  ${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
