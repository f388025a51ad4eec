// Issue 36's figure: the upload of a 10 MB file through the embedded storage at ≥ 0.8× the speed
// of writing the same bytes to disk with a bare stream. The upload is what a browser puts on the
// wire: a ticket's fields, then the file, as multipart/form-data, written to the socket from its
// own thread (support/upload-client-worker.mjs, as a browser is its own process) to the server
// listening on 127.0.0.1, which parses it, checks it against the ticket, streams it to a
// temporary file and renames it (POST /api/files/storage). The bare stream writes the same
// Buffer, in 64 KiB chunks, to a file of the same folder with fs.createWriteStream. They
// alternate round by round, so that a machine busy for a while weighs on both. A server receives
// uploads all day: the figure is a warm one's, after ten rounds (the first upload of a started
// server compiles the parser's paths and takes a few times longer; printed apart). Beside it,
// what Chromium itself takes to send the same file as the console does (support/upload-browser.ts),
// to the product and to a server that only reads it, and the process' resident memory during the
// uploads: a streamed upload holds at most its two buffers (4 MiB each), whatever the file's size,
// so the memory stays flat from one upload to the next.
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
import { CHROMIUM_PATH } from './support/chromium.js';
import { startBrowserSender, type UploadTarget } from './support/upload-browser.js';
import { formatMs, percentile } from './support/measure.js';
import { startSampler, stopSampler } from './support/memory-sampler.js';

const FILE_BYTES = 10_000_000;
const TICKET_MAX_BYTES = 15_000_000;
const CHUNK_BYTES = 64 * 1024;
const WARM_UP_ROUNDS = 10;
const ROUNDS = 25;
const MEMORY_ROUNDS = 7;
const RATIO_MIN = 0.8;
const MB = 1_000_000;

type Result = { lines: string[]; passed: boolean };
type Samples = { upload: number[]; bare: number[]; transfer: number[] };
type BrowserSamples = { upload: number[]; transfer: number[] };

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
 * product's (Fastify, multipart parsing, the checks, the disk). It answers a GET with an empty
 * page, from which Chromium posts to it same-origin.
 */
async function startDrainServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.method === 'GET')
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>drain</title>');
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
  post: (target: UploadTarget) => Promise<number>,
): Promise<number> {
  const key = `documents/${randomBytes(12).toString('hex')}-bench.pdf`;
  const ticket = await storage.createUpload({ key, contentType: 'application/pdf', maxBytes: TICKET_MAX_BYTES });
  const elapsed = await post({ url: new URL(ticket.url, origin).href, fields: ticket.fields });
  const stored = await storage.statObject(key);
  if (stored?.size !== FILE_BYTES) throw new Error(`stored ${stored?.size ?? 'nothing'} bytes of ${FILE_BYTES}`);
  await storage.deleteObject(key);
  return elapsed;
}

/** Runs each measure in turn, round after round, each first in turn, and keeps what came after the warm-up. */
async function alternate<K extends string>(
  measures: Record<K, () => Promise<number>>,
  samples: Record<K, number[]>,
): Promise<void> {
  const kinds = Object.keys(measures) as K[];
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
    // Each first in turn, so that none always follows another's writes.
    for (const kind of [...kinds.slice(round % kinds.length), ...kinds.slice(0, round % kinds.length)]) {
      const elapsed = await measures[kind]();
      if (round >= WARM_UP_ROUNDS) samples[kind].push(elapsed);
    }
  }
}

/** Chromium's rounds: the same file posted as the console does, to the product and to the drain; null without Chromium. */
async function measureInChromium(
  storage: ConfiguredFileStorage,
  origin: string,
  drainUrl: string,
): Promise<BrowserSamples | null> {
  const browser = await startBrowserSender(FILE_BYTES);
  if (!browser) return null;
  const samples: BrowserSamples = { upload: [], transfer: [] };
  try {
    const productPage = new URL('/api/health', origin).href;
    await alternate(
      {
        upload: () => uploadOnce(storage, origin, (target) => browser.post(productPage, target)),
        transfer: () => browser.post(drainUrl, { url: drainUrl, fields: { key: 'transfer-floor' } }),
      },
      samples,
    );
  } finally {
    await browser.close();
  }
  return samples;
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
  const measured = { coldMs: Number.NaN, browser: null as BrowserSamples | null };
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const storage = createFileStorage(env);
    const upload = () => uploadOnce(storage, origin, ({ url, fields }) => client.post(url, fields));
    const folder = path.join(localFilesDirectory(env), 'documents');
    mkdirSync(folder, { recursive: true });
    measured.coldMs = await upload();
    await alternate(
      {
        upload,
        bare: () => writeBare(folder, bytes),
        transfer: () => client.post(drain.url, { key: 'transfer-floor' }),
      },
      samples,
    );
    measured.browser = await measureInChromium(storage, origin, drain.url);
    // The memory on its own: uploads one after another, nothing else meanwhile. The sampler's own
    // thread starts before the memory is read (it was counted as the uploads' before: +15 MB).
    const sampler = await startSampler();
    memory.before = process.memoryUsage.rss();
    for (let round = 0; round < MEMORY_ROUNDS; round++) {
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
      `the first upload of the started server (cold): ${formatMs(measured.coldMs)}`,
      `upload (multipart/form-data written to the socket, 127.0.0.1): ${formatMs(uploadMs)}, ${speedOf(uploadMs)} (${listed(samples.upload)})`,
      `bare stream (createWriteStream, 64 KiB chunks): ${formatMs(bareMs)}, ${speedOf(bareMs)} (${listed(samples.bare)})`,
      `upload at ${ratio.toFixed(2)}× the bare stream's speed (target ≥ ${RATIO_MIN}×)${passed ? '' : ' — misses the target'}`,
      `the transfer alone (the same post to a server that only reads it): ${formatMs(transferMs)}, ${speedOf(transferMs)}, ${(bareMs / transferMs).toFixed(2)}× the bare stream's speed (${listed(samples.transfer)}); the product adds ${formatMs(uploadMs - transferMs)}`,
      ...browserLines(measured.browser),
      `resident memory: ${megabytes(memory.before)} before ${MEMORY_ROUNDS} uploads in a row, peak ${megabytes(memory.peak)} during them (${change(memory.peak - memory.before)}); after each: ${memory.after.map((rss) => change(rss - memory.before)).join(', ')} (a file held would add ${megabytes(FILE_BYTES)} each)`,
    ],
    passed,
  };
}

/** What Chromium takes to send the file as the console does, to the product and to the drain. */
function browserLines(browser: BrowserSamples | null): string[] {
  if (!browser) return [`Chromium (XMLHttpRequest and FormData, as the console): not measured, no ${CHROMIUM_PATH}`];
  const [uploadMs, transferMs] = [browser.upload, browser.transfer].map(median) as [number, number];
  return [
    `Chromium (XMLHttpRequest and FormData, as the console) to the product: ${formatMs(uploadMs)}, ${speedOf(uploadMs)} (${listed(browser.upload)})`,
    `Chromium to the server that only reads the post: ${formatMs(transferMs)}, ${speedOf(transferMs)} (${listed(browser.transfer)}); the product adds ${formatMs(uploadMs - transferMs)} to what the browser itself takes`,
  ];
}
