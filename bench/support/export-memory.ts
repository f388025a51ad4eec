// The exports bench's memory figure (issue 16): a fresh server process, listening, streams the
// Full export of the school's 5,000 users, then its ASM zip, to a client that keeps no byte; how
// much its resident memory grows meanwhile. Runs in a child process of its own, so that what the
// timed rounds left in the heap neither hides nor adds to the growth: `measureExportMemory` spawns
// this file, which prints its figures as one JSON line. The school must have been prepared
// (support/export-app.ts: prepareExportSchool).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/platform/db/client.js';
import { checkExport, exportEnv, exportRequests, fetchExport, listen, readExportSchool } from './export-app.js';
import { createSession } from './session.js';
import { heapAndExternal, startSampler, stopSampler } from './memory-sampler.js';

/** The exports measured, by name (support/export-app.ts: exportRequests). */
export const MEMORY_EXPORTS = ['full', 'asm'] as const;

export type ExportMemoryFigure = {
  name: string;
  status: number;
  /** Why the answer is not the file it should be, or null. */
  problem: string | null;
  bytes: number;
  lastByteMs: number;
  /** Resident memory before the request and at its peak (sampled every 5 ms from another thread), bytes. */
  rssBefore: number;
  rssPeak: number;
  /** V8 heap used plus external memory (Buffers, strings outside the heap) before and right after the answer, bytes. */
  heapAndExternalBefore: number;
  heapAndExternalAfter: number;
};

const RESULT_PREFIX = 'export-memory:';

const settle = async () => {
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  globalThis.gc?.();
};

async function probe(options: { dataDir: string; databaseUrl?: string }): Promise<ExportMemoryFigure[]> {
  const handle = await openDatabase(
    options.databaseUrl ? { databaseUrl: options.databaseUrl, poolSize: 10 } : { dataDir: options.dataDir },
  );
  const app = await buildApp({ db: handle.db, env: exportEnv(options.dataDir), engine: handle.engine });
  try {
    const origin = await listen(app);
    const school = await readExportSchool(handle.db);
    const cookies = {
      schoolAdministrator: await createSession(handle.db, school.schoolAdministratorId),
      administrator: await createSession(handle.db, school.administratorId),
    };
    const wanted = (userIds: number[]) =>
      exportRequests(school, userIds).filter((request) => (MEMORY_EXPORTS as readonly string[]).includes(request.name));
    // A running server has exported before: small exports load and compile the code first.
    for (const request of wanted(school.userIds.slice(0, 200))) await fetchExport(origin, request, cookies[request.caller]);
    const figures: ExportMemoryFigure[] = [];
    for (const request of wanted(school.userIds)) {
      await settle();
      const sampler = await startSampler();
      const rssBefore = process.memoryUsage.rss();
      const heapAndExternalBefore = heapAndExternal();
      const fetched = await fetchExport(origin, request, cookies[request.caller]);
      const rssPeak = await stopSampler(sampler);
      figures.push({
        name: request.name,
        status: fetched.status,
        problem: checkExport(request, fetched) ?? null,
        bytes: fetched.bytes,
        lastByteMs: fetched.lastByteMs,
        rssBefore,
        rssPeak,
        heapAndExternalBefore,
        heapAndExternalAfter: heapAndExternal(),
      });
    }
    return figures;
  } finally {
    await app.close();
    await handle.close();
  }
}

/** Runs the probe in a fresh process (with --expose-gc, for a settled start); throws with its output when it fails. */
export function measureExportMemory(options: { dataDir: string; databaseUrl?: string }): ExportMemoryFigure[] {
  const argumentsList = ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--data-dir', options.dataDir];
  if (options.databaseUrl) argumentsList.push('--database-url', options.databaseUrl);
  const result = spawnSync(process.execPath, argumentsList, {
    cwd: path.dirname(fileURLToPath(import.meta.url)),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = result.stdout.split('\n').find((candidate) => candidate.startsWith(RESULT_PREFIX));
  if (result.status !== 0 || !line)
    throw new Error(`export memory probe failed (${result.status}): ${result.stderr.slice(-2000) || result.stdout.slice(-2000)}`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as ExportMemoryFigure[];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } } });
  const figures = await probe({ dataDir: values['data-dir']!, databaseUrl: values['database-url'] });
  console.log(RESULT_PREFIX + JSON.stringify(figures));
  process.exit(0);
}
