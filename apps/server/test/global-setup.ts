import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { readTestEngine } from '#platform/config/env.js';
import { openDatabase, runMigrations } from '#platform/db/client.js';
import { seedProfiles } from '#platform/db/seed/profiles.js';
import { seedSettings } from '#platform/db/seed/settings.js';
import { seedWorkflowSteps } from '#platform/db/seed/workflows.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  export interface ProvidedContext {
    testEngine: 'pglite' | 'postgres';
    pgliteTemplateFile: string;
    postgresTemplate: string;
    postgresAdminUrl: string;
  }
}

/**
 * Migrates one template database for the whole run: a PGlite dump file, or a PostgreSQL
 * template database. Each test file then gets a fresh copy (see context.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { engine, databaseUrl } = readTestEngine();
  project.provide('testEngine', engine);
  if (engine === 'postgres') {
    if (!databaseUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const template = `console_test_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = '/' + template;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await runMigrations(handle);
    await seedProfiles(handle.db);
    await seedSettings(handle.db);
    await seedWorkflowSteps(handle.db);
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('postgresAdminUrl', databaseUrl);
    project.provide('pgliteTemplateFile', '');
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'console_test_%_${process.pid}%' or datname = $1`,
        [template],
      );
      for (const row of leftovers.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    };
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(handle);
  await seedProfiles(handle.db);
  await seedSettings(handle.db);
  await seedWorkflowSteps(handle.db);
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const folder = mkdtempSync(path.join(tmpdir(), 'console-test-'));
  const file = path.join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', '');
  project.provide('postgresAdminUrl', '');
  return async () => rmSync(folder, { recursive: true, force: true });
}
