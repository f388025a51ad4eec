// The import bench's memory figures (issues 15 and 31): a fresh server process verifies a
// 50,000-line users_initial file, or a users_update file changing the names of 50,000 users it
// first imported; how much its memory grows meanwhile. Runs in a child process of its own,
// so that what the timed rounds left in the heap neither hides nor adds to the growth:
// `measureImportMemory` spawns this file, which prints its figures as one JSON line. The server
// listens and the file is posted over HTTP, its answer read and dropped as it arrives, as the
// exports' probe does: app.inject would keep the 44 MiB answer twice over in this process (its
// bytes and their decoded text), the client's memory counted as the server's.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/platform/db/client.js';
import { API_PREFIX, imports } from '@console/contract';
import { listen } from './export-app.js';
import {
  createImportSchool,
  importedUserIds,
  importEnv,
  listImportApplications,
  postConfirm,
  postVerify,
  serverTimingOf,
  verifyBody,
} from './import-app.js';
import { generateImportFile } from './import-file.js';
import { heapAndExternal, startSampler, stopSampler } from './memory-sampler.js';

/** The modes the memory is measured for: a file of new users, and an update of as many users. */
export type MemoryMode = Extract<imports.ImportMode, 'users_initial' | 'users_update'>;

export type MemoryFigures = {
  mode: MemoryMode;
  lines: number;
  megabytes: number;
  status: number;
  /** From the request to the answer's last byte, read over HTTP. */
  lastByteMs: number;
  /** The verification's phases as its Server-Timing names them, ms. */
  phases: Record<string, number>;
  /** Resident memory before the request and at its peak (sampled every 5 ms from another thread), bytes. */
  rssBefore: number;
  rssPeak: number;
  /** V8 heap used plus external memory (Buffers, strings outside the heap) before and right after the answer, bytes. */
  heapAndExternalBefore: number;
  heapAndExternalAfter: number;
};

const RESULT_PREFIX = 'import-memory:';

/** POST /api/users/batch over HTTP, as the import view sends it; the answer is read and dropped (a browser keeps it, not the server). */
async function postAndDrop(
  origin: string,
  cookie: string,
  body: { payload: Buffer; contentType: string },
): Promise<{ status: number; lastByteMs: number; bytes: number; phases: Record<string, number> }> {
  const started = performance.now();
  const response = await fetch(origin + API_PREFIX + imports.verifyImport.path, {
    method: imports.verifyImport.method,
    headers: { cookie, 'content-type': body.contentType },
    // A view of the same bytes, not a copy.
    body: new Uint8Array(body.payload.buffer as ArrayBuffer, body.payload.byteOffset, body.payload.byteLength),
  });
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
  const { app: _total, ...phases } = serverTimingOf(response.headers.get('server-timing'));
  return { status: response.status, lastByteMs: performance.now() - started, bytes, phases };
}

type ProbeOptions = {
  dataDir: string;
  databaseUrl?: string;
  mode: MemoryMode;
  lines: number;
  maxMegabytes: number;
};

async function probe(options: ProbeOptions): Promise<MemoryFigures> {
  const handle = await openDatabase(
    options.databaseUrl ? { databaseUrl: options.databaseUrl, poolSize: 10 } : { dataDir: options.dataDir },
  );
  const env = importEnv(options.dataDir, { maxLines: options.lines, maxMegabytes: options.maxMegabytes });
  const app = await buildApp({ db: handle.db, env, engine: handle.engine });
  try {
    const origin = await listen(app);
    const applications = await listImportApplications(handle.db);
    const school = await createImportSchool(handle.db, `memoire-${process.pid}`);
    // A running server has served imports before: a small one loads and compiles the code first.
    await postVerify(app, school, await verifyBody(school, generateImportFile({ lines: 200, applications, seed: 7 }).bytes));
    let file = generateImportFile({ lines: options.lines, applications, seed: 50 });
    if (options.mode === 'users_update') {
      // The school's users first, imported from the same file; the update renames every one of them.
      const verified = await postVerify(app, school, await verifyBody(school, file.bytes));
      await postConfirm(app, school, verified.answer.importNumber);
      const userIds = await importedUserIds(handle.db, school.uai);
      file = generateImportFile({ lines: options.lines, applications, seed: 50, renamed: true, userIds });
    }
    const body = await verifyBody(school, file.bytes, options.mode);
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sampler = await startSampler();
    const rssBefore = process.memoryUsage.rss();
    const heapAndExternalBefore = heapAndExternal();
    const answer = await postAndDrop(origin, school.cookie, body);
    const rssPeak = await stopSampler(sampler);
    const heapAndExternalAfter = heapAndExternal();
    return {
      mode: options.mode,
      lines: options.lines,
      megabytes: file.bytes.length / 1024 / 1024,
      status: answer.status,
      lastByteMs: answer.lastByteMs,
      phases: answer.phases,
      rssBefore,
      rssPeak,
      heapAndExternalBefore,
      heapAndExternalAfter,
    };
  } finally {
    await app.close();
    await handle.close();
  }
}

/** Runs the probe in a fresh process (with --expose-gc, for a settled start); throws with its output when it fails. */
export function measureImportMemory(options: ProbeOptions): MemoryFigures {
  const argumentsList = [
    '--expose-gc',
    '--import',
    'tsx',
    fileURLToPath(import.meta.url),
    '--mode',
    options.mode,
    '--data-dir',
    options.dataDir,
    '--lines',
    String(options.lines),
    '--max-megabytes',
    String(options.maxMegabytes),
  ];
  if (options.databaseUrl) argumentsList.push('--database-url', options.databaseUrl);
  const result = spawnSync(process.execPath, argumentsList, {
    cwd: path.dirname(fileURLToPath(import.meta.url)),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = result.stdout.split('\n').find((candidate) => candidate.startsWith(RESULT_PREFIX));
  if (result.status !== 0 || !line)
    throw new Error(`import memory probe failed (${result.status}): ${result.stderr.slice(-2000) || result.stdout.slice(-2000)}`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as MemoryFigures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      mode: { type: 'string' },
      lines: { type: 'string' },
      'max-megabytes': { type: 'string' },
    },
  });
  const figures = await probe({
    dataDir: values['data-dir']!,
    databaseUrl: values['database-url'],
    mode: values.mode as MemoryMode,
    lines: Number(values.lines),
    maxMegabytes: Number(values['max-megabytes']),
  });
  console.log(RESULT_PREFIX + JSON.stringify(figures));
  process.exit(0);
}
