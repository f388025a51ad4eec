// One school of 5,000 users seeded by seed:large, on a fresh embedded database in a temporary
// folder or in a new PostgreSQL database beside the one given: what the users, import and exports
// benches start from.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/platform/db/client.js';

const benchFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCHOOL_USERS = 5_000;

/** Fills a database with one school of 5,000 users through `seed:large` (COPY). */
export function seedSchool(options: { dataDir?: string; databaseUrl?: string }): void {
  const argumentsList = ['--import', 'tsx', 'seed-large.ts', '--schools', '1', '--users', String(SCHOOL_USERS)];
  if (options.dataDir) argumentsList.push('--data-dir', options.dataDir);
  const result = spawnSync(process.execPath, argumentsList, {
    cwd: benchFolder,
    env: { ...process.env, DATABASE_URL: options.databaseUrl ?? '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seed:large failed: ${result.stderr || result.stdout}`);
}

/** A seeded database, open; `dispose` removes it (its folder, or its PostgreSQL database) once its handle is closed. */
export type SeededDatabase = { handle: DatabaseHandle; dataDir: string; databaseUrl?: string; dispose: () => Promise<void> };

/** The seeded school on PGlite, in a temporary folder named after `tag`. */
export async function openSeededPglite(tag: string): Promise<SeededDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `console-bench-${tag}-`));
  seedSchool({ dataDir });
  const handle = await openDatabase({ dataDir });
  return { handle, dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** The seeded school in a new PostgreSQL database `console_bench_<tag>_<pid>` beside `adminUrl`'s. */
export async function openSeededPostgres(adminUrl: string, tag: string): Promise<SeededDatabase> {
  const name = `console_bench_${tag}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `console-bench-${tag}-pg-`));
  seedSchool({ databaseUrl: url.toString(), dataDir });
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  return {
    handle,
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a benchmark measures on one engine: its lines and whether its figures met their targets. */
export type EngineFigures = { lines: string[]; passed: boolean };

/**
 * Runs `measure` on the seeded school on PGlite, then on PostgreSQL when `adminUrl` is given (else
 * a line says it was skipped). `measure` closes the handle when it is done with it (some close it
 * early, for a server process of their own); each database is removed afterwards.
 */
export async function measureOnEachEngine(
  tag: string,
  adminUrl: string | undefined,
  measure: (label: string, seeded: SeededDatabase) => Promise<EngineFigures>,
): Promise<EngineFigures> {
  const lines: string[] = [];
  let passed = true;
  const engines: [string, () => Promise<SeededDatabase>][] = [['PGlite', () => openSeededPglite(tag)]];
  if (adminUrl) engines.push(['PostgreSQL', () => openSeededPostgres(adminUrl, tag.replaceAll('-', '_'))]);
  else lines.push('PostgreSQL figures skipped: needs --database-url (an admin URL; a database is made and dropped)');
  for (const [label, open] of engines) {
    const seeded = await open();
    try {
      const figures = await measure(label, seeded);
      lines.push(...figures.lines);
      passed &&= figures.passed;
    } finally {
      await seeded.dispose();
    }
  }
  return { lines, passed };
}
