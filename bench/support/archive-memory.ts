// The documents bench's archive figure (issue 36): a fresh server process sends the zip of 100
// documents of 1 MB (POST /api/files/archive) to a client that reads it slowly over HTTP; how
// much the server's resident memory grows meanwhile. In a process of its own, as the import's
// memory probe is: in the bench's process, the memory the list figures had freed (its resident
// memory stood at 1.1 GB) took a whole archive held in memory without growing (seen: +0.5 MB
// with the archive deliberately held whole), and so did a first archive sent before the measured
// one. `measureArchiveMemory` spawns this file, which prints its figures as one JSON line.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { localFilesDirectory } from '../../apps/server/src/adapters/storage/index.js';
import { buildApp } from '../../apps/server/src/app.js';
import { resolveEnv } from '../../apps/server/src/platform/config/env.js';
import { openDatabase, runMigrations } from '../../apps/server/src/platform/db/client.js';
import { documents } from '../../apps/server/src/platform/db/schema/index.js';
import { arrangePeople, insertDocuments } from './documents-data.js';
import { startSampler, stopSampler } from './memory-sampler.js';
import { createSession } from './session.js';

export const ARCHIVE_FILES = 100;
export const ARCHIVE_FILE_BYTES = 1_000_000;

export type ArchiveFigures = {
  /** The archive's bytes as read. */
  size: number;
  /** From the post to the archive's last byte, read slowly. */
  ms: number;
  /** The server process' resident memory before the post and at its peak while sending (sampled every 5 ms from another thread), bytes. */
  rssBefore: number;
  rssPeak: number;
};

const RESULT_PREFIX = 'archive-memory:';

/**
 * A slow reader of the archive in a process of its own (slow-reader.mjs), so that its memory is
 * not the server's, started and waiting: `read()` posts and reads the answer.
 */
async function startSlowReader(
  url: string,
  cookie: string,
  body: string,
): Promise<{ read: () => Promise<{ size: number; ms: number }> }> {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./slow-reader.mjs', import.meta.url)), JSON.stringify({ url, cookie, body })],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      // 'close' comes once its output is read to the end: a line it wrote before stopping is heard first.
      child.once('close', (code) => reject(new Error(`the slow reader stopped (${code})`)));
    });
  if ((await next()) !== 'ready') throw new Error('the slow reader did not start');
  return {
    read: async () => {
      const answered = next();
      child.stdin.end('go\n');
      const { status, size, ms, error } = JSON.parse(await answered) as {
        status: number;
        size: number;
        ms: number;
        error?: string;
      };
      if (error || status !== 200) throw new Error(`archive failed: ${error ?? status}`);
      return { size, ms };
    },
  };
}

/** The probe itself: a fresh embedded database, the documents on disk, one archive read slowly. */
async function probe(): Promise<ArchiveFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-bench-archive-'));
  const handle = await openDatabase({ dataDir });
  try {
    await runMigrations(handle);
    const env = resolveEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ db: handle.db, env, engine: handle.engine });
    try {
      const people = await arrangePeople(handle.db);
      mkdirSync(path.join(localFilesDirectory(env), 'documents'), { recursive: true });
      const keyOf = (index: number) => `documents/${String(index).padStart(24, '0')}-bench.pdf`;
      for (let index = 0; index < ARCHIVE_FILES; index++) {
        writeFileSync(
          path.join(localFilesDirectory(env), keyOf(index)),
          Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(ARCHIVE_FILE_BYTES - 9)]),
        );
      }
      await insertDocuments(handle.db, people, { count: ARCHIVE_FILES, size: ARCHIVE_FILE_BYTES, keyOf });
      const ids = (await handle.db.select({ id: documents.id }).from(documents)).map((row) => row.id);
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await createSession(handle.db, people.adminId);
      // The reader and the sampler start before the memory is read: only the server's sending counts.
      const reader = await startSlowReader(`${origin}/api/files/archive`, cookie, JSON.stringify({ files: ids }));
      globalThis.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const sampler = await startSampler();
      const rssBefore = process.memoryUsage.rss();
      const { size, ms } = await reader.read();
      const rssPeak = await stopSampler(sampler);
      return { size, ms, rssBefore, rssPeak };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the probe in a fresh process (with --expose-gc, for a settled start); throws with its output when it fails. */
export function measureArchiveMemory(): ArchiveFigures {
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: path.dirname(fileURLToPath(import.meta.url)),
    encoding: 'utf8',
  });
  const line = result.stdout.split('\n').find((candidate) => candidate.startsWith(RESULT_PREFIX));
  if (result.status !== 0 || !line)
    throw new Error(
      `archive memory probe failed (${result.status}): ${result.stderr.slice(-2000) || result.stdout.slice(-2000)}`,
    );
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as ArchiveFigures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(RESULT_PREFIX + JSON.stringify(await probe()));
  process.exit(0);
}
