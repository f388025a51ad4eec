// Issue 36's figure: the upload of a 10 MB file through the embedded storage at ≥ 0.8× the speed
// of writing the same bytes to disk with a bare stream. The upload is what a browser does: a
// ticket's fields, then the file, posted as multipart/form-data with fetch (from its own thread,
// support/upload-client-worker.mjs, as a browser is its own process) to the server listening on
// 127.0.0.1, which parses it, checks it against the ticket, streams it to a temporary file and
// renames it (POST /api/files/storage). The bare stream writes the same Buffer, in 64 KiB chunks,
// to a file of the same folder with fs.createWriteStream. They alternate round by round, so that
// a machine busy for a while weighs on both; the first round warms up. Beside it, the process'
// resident memory during the rounds against before them: a streamed upload holds none of the
// file, so it stays flat instead of growing by the file's size at each upload.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { createFileStorage, localFilesDirectory, type ConfiguredFileStorage } from '../apps/server/src/adapters/storage/index.js';
import { buildApp } from '../apps/server/src/app.js';
import { resolveEnv } from '../apps/server/src/platform/config/env.js';
import { openDatabase, runMigrations } from '../apps/server/src/platform/db/client.js';
import { formatMs, percentile } from './support/measure.js';
import { startSampler, stopSampler } from './support/memory-sampler.js';

const FILE_BYTES = 10_000_000;
const TICKET_MAX_BYTES = 15_000_000;
const CHUNK_BYTES = 64 * 1024;
const WARM_UP_ROUNDS = 1;
const ROUNDS = 7;
const RATIO_MIN = 0.8;
const MB = 1_000_000;

type Result = { lines: string[]; passed: boolean };
type Samples = { upload: number[]; bare: number[]; transfer: number[] };

const median = (values: number[]) => percentile(values, 0.5);
const speedOf = (ms: number) => `${(FILE_BYTES / MB / (ms / 1000)).toFixed(0)} MB/s`;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const change = (bytes: number) => (bytes < 0 ? '−' : '+') + megabytes(Math.abs(bytes));
const listed = (values: number[]) => values.map((ms) => ms.toFixed(1)).join(', ');

/** The bytes as 64 KiB views of the one Buffer: nothing copied. */
function chunksOf(bytes: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) chunks.push(bytes.subarray(start, start + CHUNK_BYTES));
  return chunks;
}

/** The bare stream: the same bytes to a file of the same folder, no parsing, no check, no rename. */
async function writeBare(folder: string, bytes: Buffer): Promise<number> {
  const file = path.join(folder, `bare-${randomBytes(6).toString('hex')}.bin`);
  const started = performance.now();
  await pipeline(Readable.from(chunksOf(bytes)), createWriteStream(file));
  const elapsed = performance.now() - started;
  rmSync(file);
  return elapsed;
}

/**
 * The floor under any upload over HTTP: a server on 127.0.0.1 that reads the post to its end
 * and answers 204, parsing nothing and writing nothing. What the upload takes beyond it is the
 * product's (Fastify, multipart parsing, the checks, the disk).
 */
async function startDrainServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    request.once('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, server };
}

/** The browser's thread, holding the file; `post` sends it with a ticket's fields and answers the time to the answer. */
async function startClient(
  bytes: Buffer,
): Promise<{ post: (url: string, fields: Record<string, string>) => Promise<number>; stop: () => Promise<number> }> {
  const worker = new Worker(new URL('./support/upload-client-worker.mjs', import.meta.url), {
    workerData: { bytes, contentType: 'application/pdf', fileName: 'bench.pdf' },
  });
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    post: (url, fields) =>
      new Promise((resolve, reject) => {
        worker.once('message', ({ status, ms, error }: { status: number; ms: number; error?: string }) =>
          status === 204 ? resolve(ms) : reject(new Error(`upload failed: ${error ?? status}`)),
        );
        worker.postMessage({ url, fields });
      }),
    stop: () => worker.terminate(),
  };
}

/** One upload: a new ticket of the storage (not timed), the post, then the stored size checked and the file removed. */
async function uploadOnce(
  storage: ConfiguredFileStorage,
  origin: string,
  post: (url: string, fields: Record<string, string>) => Promise<number>,
): Promise<number> {
  const key = `documents/${randomBytes(12).toString('hex')}-bench.pdf`;
  const ticket = await storage.createUpload({ key, contentType: 'application/pdf', maxBytes: TICKET_MAX_BYTES });
  const elapsed = await post(new URL(ticket.url, origin).href, ticket.fields);
  const stored = await storage.statObject(key);
  if (stored?.size !== FILE_BYTES) throw new Error(`stored ${stored?.size ?? 'nothing'} bytes of ${FILE_BYTES}`);
  await storage.deleteObject(key);
  return elapsed;
}

export async function runUploadsBench(): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-bench-uploads-'));
  const env = resolveEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const handle = await openDatabase({ dataDir });
  await runMigrations(handle);
  const app = await buildApp({ db: handle.db, env, engine: handle.engine });
  const drain = await startDrainServer();
  const bytes = randomBytes(FILE_BYTES);
  const client = await startClient(bytes);
  const samples: Samples = { upload: [], bare: [], transfer: [] };
  const memory = { before: 0, peak: 0, after: [] as number[] };
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const storage = createFileStorage(env);
    const upload = () => uploadOnce(storage, origin, client.post);
    const folder = path.join(localFilesDirectory(env), 'documents');
    mkdirSync(folder, { recursive: true });
    const measures = {
      upload,
      bare: () => writeBare(folder, bytes),
      transfer: () => client.post(drain.url, { key: 'transfer-floor' }),
    };
    const kinds = Object.keys(measures) as (keyof Samples)[];
    for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
      // Each first in turn, so that none always follows another's writes.
      for (const kind of [...kinds.slice(round % kinds.length), ...kinds.slice(0, round % kinds.length)]) {
        const elapsed = await measures[kind]();
        if (round >= WARM_UP_ROUNDS) samples[kind].push(elapsed);
      }
    }
    // The memory on its own: uploads one after another, nothing else meanwhile.
    memory.before = process.memoryUsage.rss();
    const sampler = await startSampler();
    for (let round = 0; round < ROUNDS; round++) {
      await upload();
      memory.after.push(process.memoryUsage.rss());
    }
    memory.peak = await stopSampler(sampler);
  } finally {
    await client.stop();
    await new Promise((resolve) => drain.server.close(resolve));
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const [uploadMs, bareMs, transferMs] = [samples.upload, samples.bare, samples.transfer].map(median) as [number, number, number];
  const ratio = bareMs / uploadMs;
  const passed = ratio >= RATIO_MIN;
  return {
    lines: [
      `${FILE_BYTES / MB} MB of random bytes under a ${TICKET_MAX_BYTES / MB} MB ticket; medians of ${ROUNDS} rounds after ${WARM_UP_ROUNDS} of warm-up`,
      `upload (fetch, multipart/form-data, 127.0.0.1): ${formatMs(uploadMs)}, ${speedOf(uploadMs)} (${listed(samples.upload)})`,
      `bare stream (createWriteStream, 64 KiB chunks): ${formatMs(bareMs)}, ${speedOf(bareMs)} (${listed(samples.bare)})`,
      `upload at ${ratio.toFixed(2)}× the bare stream's speed (target ≥ ${RATIO_MIN}×)${passed ? '' : ' — misses the target'}`,
      `the transfer alone (the same post to a server that only reads it): ${formatMs(transferMs)}, ${speedOf(transferMs)}, ${(bareMs / transferMs).toFixed(2)}× the bare stream's speed (${listed(samples.transfer)}); the product adds ${formatMs(uploadMs - transferMs)}`,
      `resident memory: ${megabytes(memory.before)} before ${ROUNDS} uploads in a row, peak ${megabytes(memory.peak)} during them (${change(memory.peak - memory.before)}); after each: ${memory.after.map((rss) => change(rss - memory.before)).join(', ')} (a file held would add ${megabytes(FILE_BYTES)} each)`,
    ],
    passed,
  };
}
