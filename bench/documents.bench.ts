// Issue 36's figures for the document manager. (1) The list of 10,000 documents (GET
// /api/files/all), answered to an Administrateur and to a school administrator (whose list is
// scoped: documents for every school, for theirs, assigned to their users, or theirs), each
// document for one to three of 50 schools: target ≤ 200 ms on PostgreSQL, the PGlite figure
// beside it. (2) The zip of 100 documents of 1 MB (POST /api/files/archive) read from a real
// HTTP socket, slowly, by a client on its own thread: the server's resident memory must stay flat
// (not grow by the archive's 100 MB), as the archive is written while it is sent.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PROFILES } from '@console/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { localFilesDirectory } from '../apps/server/src/adapters/storage/index.js';
import { buildApp } from '../apps/server/src/app.js';
import { randomToken } from '../apps/server/src/platform/auth/secrets.js';
import { resolveEnv } from '../apps/server/src/platform/config/env.js';
import { openDatabase, runMigrations, type Database, type DatabaseHandle } from '../apps/server/src/platform/db/client.js';
import { documents, documentSchools, schools, users } from '../apps/server/src/platform/db/schema/index.js';
import { seedProfiles } from '../apps/server/src/platform/db/seed/profiles.js';
import { formatMs, percentile } from './support/measure.js';
import { startSampler, stopSampler } from './support/memory-sampler.js';
import { createSession } from './support/session.js';

const DOCUMENTS = 10_000;
const SCHOOLS = 50;
const LIST_TARGET_MS = 200;
const LIST_ROUNDS = 15;
const ARCHIVE_FILES = 100;
const ARCHIVE_FILE_BYTES = 1_000_000;
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

/** 50 schools, an Administrateur and a school administrator of the first school; answers their ids and the UAIs. */
async function arrangePeople(db: Database): Promise<{ adminId: number; directionId: number; uais: string[] }> {
  await seedProfiles(db);
  const uais = Array.from({ length: SCHOOLS }, (_, index) => `${String(690_0000 + index).padStart(7, '0')}A`);
  await db
    .insert(schools)
    .values(uais.map((uai) => ({ uai, name: `Collège ${uai}`, town: 'Lyon', extension: `c${uai.slice(3, 7)}` })));
  const person = (profileId: number, login: string, uai: string | null) => ({
    profileId,
    firstname: 'Bench',
    lastname: login,
    login,
    uai,
    linkToken: randomToken(),
  });
  const [admin, direction] = await db
    .insert(users)
    .values([
      person(PROFILES.Administrateur, 'admin.bench', null),
      person(PROFILES['Administrateur établissement'], 'direction.bench', uais[0]!),
    ])
    .returning({ id: users.id });
  return { adminId: admin!.id, directionId: direction!.id, uais };
}

/** `count` documents, each for one to three schools (one in twenty for every school), uploaded by the Administrateur. */
async function insertDocuments(db: Database, adminId: number, uais: string[], count: number, keyOf: (index: number) => string) {
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => start + offset);
    const rows = await db
      .insert(documents)
      .values(
        batch.map((index) => ({
          key: keyOf(index),
          name: `Document ${String(index).padStart(5, '0')}.pdf`,
          type: 'application/pdf',
          size: ARCHIVE_FILE_BYTES,
          uploadedById: adminId,
          uploaderFirstname: 'Bench',
          uploaderLastname: 'Admin',
          uploaderProfile: 'Administrateur',
          allSchools: index % 20 === 0,
        })),
      )
      .returning({ id: documents.id });
    const links = rows.flatMap((row, offset) =>
      Array.from({ length: 1 + (offset % 3) }, (_, n) => ({
        documentId: row.id,
        uai: uais[(start + offset + n * 7) % uais.length]!,
      })),
    );
    await db.insert(documentSchools).values(links).onConflictDoNothing();
  }
}

async function listFigures(engine: Engine): Promise<{ lines: string[]; passed: boolean; medians: number[] }> {
  const { handle, dataDir } = engine;
  await runMigrations(handle);
  const env = resolveEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ db: handle.db, env, engine: handle.engine });
  try {
    const people = await arrangePeople(handle.db);
    await insertDocuments(handle.db, people.adminId, people.uais, DOCUMENTS, (index) => `documents/${index}-bench.pdf`);
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

/** Reads the archive from another thread, 64 KiB at a time with a pause, as a slow network would; answers its size. */
function readSlowly(url: string, cookie: string, body: string): Promise<number> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const http = require('node:http');
     const request = http.request(workerData.url, { method: 'POST', headers: { cookie: workerData.cookie, 'content-type': 'application/json', origin: new URL(workerData.url).origin } }, (response) => {
       let size = 0;
       response.on('data', (chunk) => { size += chunk.length; response.pause(); setTimeout(() => response.resume(), 1); });
       response.on('end', () => parentPort.postMessage({ status: response.statusCode, size }));
     });
     request.on('error', (error) => parentPort.postMessage({ error: String(error) }));
     request.end(workerData.body);`,
    { eval: true, workerData: { url, cookie, body } },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', ({ status, size, error }: { status?: number; size?: number; error?: string }) => {
      void worker.terminate();
      if (error || status !== 200) reject(new Error(`archive failed: ${error ?? status}`));
      else resolve(size!);
    });
  });
}

async function archiveFigures(): Promise<Result> {
  const engine = await openPglite();
  const { handle, dataDir } = engine;
  try {
    await runMigrations(handle);
    const env = resolveEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ db: handle.db, env, engine: handle.engine });
    try {
      const people = await arrangePeople(handle.db);
      const folder = path.join(localFilesDirectory(env), 'documents');
      mkdirSync(folder, { recursive: true });
      const keyOf = (index: number) => `documents/${String(index).padStart(24, '0')}-bench.pdf`;
      for (let index = 0; index < ARCHIVE_FILES; index++) {
        writeFileSync(
          path.join(localFilesDirectory(env), keyOf(index)),
          Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(ARCHIVE_FILE_BYTES - 9)]),
        );
      }
      await insertDocuments(handle.db, people.adminId, people.uais, ARCHIVE_FILES, keyOf);
      const ids = (await handle.db.select({ id: documents.id }).from(documents)).map((row) => row.id);
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await createSession(handle.db, people.adminId);
      const body = JSON.stringify({ files: ids });
      // A first archive warms up; the second is measured.
      await readSlowly(`${origin}/api/files/archive`, cookie, body);
      global.gc?.();
      const before = process.memoryUsage.rss();
      const sampler = await startSampler();
      const started = performance.now();
      const size = await readSlowly(`${origin}/api/files/archive`, cookie, body);
      const elapsed = performance.now() - started;
      const peak = await stopSampler(sampler);
      const growth = peak - before;
      const passed = growth <= ARCHIVE_GROWTH_MAX && size > ARCHIVE_FILES * ARCHIVE_FILE_BYTES;
      return {
        lines: [
          `archive of ${ARCHIVE_FILES} documents of ${megabytes(ARCHIVE_FILE_BYTES)}: ${megabytes(size)} read slowly over HTTP in ${formatMs(elapsed)}`,
          `server resident memory ${megabytes(before)} before, peak ${megabytes(peak)} while sending (+${megabytes(Math.max(0, growth))}; flat means under +${megabytes(ARCHIVE_GROWTH_MAX)}, an archive held whole would add ${megabytes(size)})${passed ? '' : ' — not flat'}`,
        ],
        passed,
      };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    await engine.dispose();
  }
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
  const archive = await archiveFigures();
  lines.push(...archive.lines);
  return { lines, passed: passed && archive.passed };
}
