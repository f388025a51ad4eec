// The memory figures of the files a server streams (issues 16 and 17): a fresh server process,
// listening, streams the files of one subject to a client that keeps no byte; how much its
// resident memory grows meanwhile. Runs in a child process of its own, so that what the timed
// rounds left in the heap neither hides nor adds to the growth: `measureExportMemory` spawns this
// file, which prints its figures as one JSON line. The school must have been prepared
// (support/export-app.ts: prepareExportSchool). Subjects: `exports`, the Full export of the
// school's 5,000 users, then its ASM zip; `sheets`, the deployment sheets of 1,000 of them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sheets } from '@console/contract';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/platform/db/client.js';
import {
  checkExport,
  exportEnv,
  exportRequests,
  fetchExport,
  listen,
  readExportSchool,
  type ExportRequest,
  type ExportSchool,
} from './export-app.js';
import { createSession } from './session.js';
import { heapAndExternal, startSampler, stopSampler } from './memory-sampler.js';

/** The exports measured, by name (support/export-app.ts: exportRequests). */
export const MEMORY_EXPORTS = ['full', 'asm'] as const;

/** The deployment sheets the sheets bench measures. */
export const MEMORY_SHEETS = 1_000;

export type MemorySubject = 'exports' | 'sheets';

/** The deployment sheets of some users, as the users view asks for them. */
export function sheetsRequest(school: Pick<ExportSchool, 'uai'>, userIds: number[]): ExportRequest {
  return {
    name: `${userIds.length} deployment sheets`,
    kind: 'pdf',
    path: sheets.generateSheets.path.replace(':type', 'deploy'),
    body: { uai: school.uai, list: userIds, lang: 'fr' },
    caller: 'schoolAdministrator',
  };
}

/** A subject's requests for some users: the warm-up's (a few users) and the measured ones. */
const SUBJECT_REQUESTS: Record<MemorySubject, (school: ExportSchool, userIds: number[]) => ExportRequest[]> = {
  exports: (school, userIds) =>
    exportRequests(school, userIds).filter((request) => (MEMORY_EXPORTS as readonly string[]).includes(request.name)),
  sheets: (school, userIds) => [sheetsRequest(school, userIds.slice(0, MEMORY_SHEETS))],
};

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

async function probe(options: { subject: MemorySubject; dataDir: string; databaseUrl?: string }): Promise<ExportMemoryFigure[]> {
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
    const wanted = (userIds: number[]) => SUBJECT_REQUESTS[options.subject](school, userIds);
    // A running server has answered before: small files load and compile the code first.
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
export function measureExportMemory(options: {
  subject?: MemorySubject;
  dataDir: string;
  databaseUrl?: string;
}): ExportMemoryFigure[] {
  const argumentsList = [
    '--expose-gc',
    '--import',
    'tsx',
    fileURLToPath(import.meta.url),
    '--subject',
    options.subject ?? 'exports',
    '--data-dir',
    options.dataDir,
  ];
  if (options.databaseUrl) argumentsList.push('--database-url', options.databaseUrl);
  const result = spawnSync(process.execPath, argumentsList, {
    cwd: path.dirname(fileURLToPath(import.meta.url)),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = result.stdout.split('\n').find((candidate) => candidate.startsWith(RESULT_PREFIX));
  if (result.status !== 0 || !line)
    throw new Error(`memory probe failed (${result.status}): ${result.stderr.slice(-2000) || result.stdout.slice(-2000)}`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as ExportMemoryFigure[];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { subject: { type: 'string' }, 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } },
  });
  const figures = await probe({
    subject: values.subject as MemorySubject,
    dataDir: values['data-dir']!,
    databaseUrl: values['database-url'],
  });
  console.log(RESULT_PREFIX + JSON.stringify(figures));
  process.exit(0);
}
