// Issue 36's figures for the document manager. (1) The list of 10,000 documents (GET
// /api/files/all), answered to an Administrateur and to a school administrator (whose list is
// scoped: documents for every school, for theirs, assigned to their users, or theirs), each
// document for one to three of 50 schools: target ≤ 200 ms on PostgreSQL, the PGlite figure
// beside it. (2) The zip of 100 documents of 1 MB (POST /api/files/archive) read from a real
// HTTP socket, slowly, by a client in its own process: the resident memory of a fresh server
// process must stay flat (not grow by the archive's 100 MB), as the archive is written while it is
// sent (support/archive-memory.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { resolveEnv } from '../apps/server/src/platform/config/env.js';
import { openDatabase, runMigrations, type DatabaseHandle } from '../apps/server/src/platform/db/client.js';
import { ARCHIVE_FILE_BYTES, ARCHIVE_FILES, measureArchiveMemory } from './support/archive-memory.js';
import { arrangePeople, insertDocuments } from './support/documents-data.js';
import { formatMs, percentile } from './support/measure.js';
import { createSession } from './support/session.js';

const DOCUMENTS = 10_000;
const LIST_TARGET_MS = 200;
const LIST_ROUNDS = 15;
/** Flat: the server grows by less than a fifth of the archive while sending it. */
const ARCHIVE_GROWTH_MAX = (ARCHIVE_FILES * ARCHIVE_FILE_BYTES) / 5;
const MB = 1_000_000;

type Result = { lines: string[]; passed: boolean };
type Engine = { name: string; handle: DatabaseHandle; dataDir: string; dispose: () => Promise<void> };

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

async function openPglite(): Promise<Engine> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-bench-documents-'));
  const handle = await openDatabase({ dataDir });
  return { name: 'PGlite', handle, dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function openPostgres(adminUrl: string): Promise<Engine> {
  const name = `console_bench_documents_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-bench-documents-pg-'));
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  return {
    name: 'PostgreSQL',
    handle,
    dataDir,
    dispose: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function listFigures(engine: Engine): Promise<{ lines: string[]; passed: boolean; medians: number[] }> {
  const { handle, dataDir } = engine;
  await runMigrations(handle);
  const env = resolveEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ db: handle.db, env, engine: handle.engine });
  try {
    const people = await arrangePeople(handle.db);
    await insertDocuments(handle.db, people, {
      count: DOCUMENTS,
      size: ARCHIVE_FILE_BYTES,
      keyOf: (index) => `documents/${index}-bench.pdf`,
    });
    // A database in service has its statistics (autovacuum): the planner's choices are theirs.
    await handle.db.execute(sql`analyze`);
    const lines: string[] = [];
    const medians: number[] = [];
    for (const [who, userId] of [
      ['Administrateur', people.adminId],
      ['school administrator', people.directionId],
    ] as const) {
      const cookie = await createSession(handle.db, userId);
      const times: number[] = [];
      let listed = 0;
      for (let round = 0; round < LIST_ROUNDS + 2; round++) {
        const started = performance.now();
        const answer = await app.inject({ method: 'GET', url: '/api/files/all', headers: { cookie } });
        const elapsed = performance.now() - started;
        if (answer.statusCode !== 200) throw new Error(`list answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
        listed = (answer.json() as { files: unknown[] }).files.length;
        if (round >= 2) times.push(elapsed);
      }
      const median = percentile(times, 0.5);
      medians.push(median);
      lines.push(
        `${engine.name}, ${who}: ${listed} documents listed in ${formatMs(median)} (median of ${LIST_ROUNDS}; p95 ${formatMs(percentile(times, 0.95))})`,
      );
    }
    const passed = engine.name !== 'PostgreSQL' || medians.every((median) => median <= LIST_TARGET_MS);
    return { lines, passed, medians };
  } finally {
    await app.close();
  }
}

/** The archive's figure, measured in a fresh process (support/archive-memory.ts). */
function archiveFigures(): Result {
  const { size, ms, rssBefore, rssPeak } = measureArchiveMemory();
  const growth = rssPeak - rssBefore;
  const passed = growth <= ARCHIVE_GROWTH_MAX && size > ARCHIVE_FILES * ARCHIVE_FILE_BYTES;
  return {
    lines: [
      `archive of ${ARCHIVE_FILES} documents of ${megabytes(ARCHIVE_FILE_BYTES)}: ${megabytes(size)} read slowly over HTTP in ${formatMs(ms)}`,
      `server resident memory ${megabytes(rssBefore)} before, peak ${megabytes(rssPeak)} while sending (+${megabytes(Math.max(0, growth))}; flat means under +${megabytes(ARCHIVE_GROWTH_MAX)}, an archive held whole would add ${megabytes(size)})${passed ? '' : ' — not flat'}`,
    ],
    passed,
  };
}

export async function runDocumentsBench(options: { databaseUrl?: string }): Promise<Result> {
  const lines: string[] = [];
  let passed = true;
  const engines: (() => Promise<Engine>)[] = [openPglite];
  if (options.databaseUrl) engines.push(() => openPostgres(options.databaseUrl!));
  else lines.push('PostgreSQL skipped: pass --database-url to measure the list there (the target is on PostgreSQL)');
  for (const open of engines) {
    const engine = await open();
    try {
      const figures = await listFigures(engine);
      lines.push(...figures.lines);
      passed &&= figures.passed;
    } finally {
      await engine.handle.close();
      await engine.dispose();
    }
  }
  lines.push(`list target: ≤ ${LIST_TARGET_MS} ms on PostgreSQL${passed ? '' : ' — missed'}`);
  const archive = archiveFigures();
  lines.push(...archive.lines);
  return { lines, passed: passed && archive.passed };
}
