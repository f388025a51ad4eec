// A large import beside other users (issue 31 §1), on PGlite and (with --database-url) on
// PostgreSQL, each database seeded with a school of 5,000 users by seed:large:
// - 50,000 namesake lines (one last name, first names the login rule cleans to one stem: every
//   login numbered) verified in at most 1.5× the time of 50,000 lines of varied names.
// - while each file is verified and then confirmed, over HTTP, another school's administrator
//   sends GET /api/auth/me and GET /api/schools/ one after another from another thread
//   (support/probe-worker.mjs): their p99 ≤ 200 ms. The files: the two above, then a users_update
//   file renaming the 50,000 users the varied file created (its planner reads them, their options
//   and accesses from the database, a thousand at a time).
// Every import goes into a new school (its own login extension) as its school administrator.
import { API_PREFIX, buildPath, imports } from '@console/contract';
import { Worker } from 'node:worker_threads';
import { availableParallelism, loadavg } from 'node:os';
import { buildApp } from '../apps/server/src/app.js';
import type { DatabaseHandle } from '../apps/server/src/platform/db/client.js';
import { listen } from './support/export-app.js';
import {
  createImportSchool,
  importedUserIds,
  importEnv,
  listImportApplications,
  serverTimingOf,
  verifyBody,
  type ImportSchool,
} from './support/import-app.js';
import { generateImportFile, type ImportFile } from './support/import-file.js';
import { formatMs, percentile } from './support/measure.js';
import { measureOnEachEngine, type EngineFigures, type SeededDatabase } from './support/seeded-school.js';

const LINES = 50_000;
const NAMESAKES_RATIO_MAX = 1.5;
const PROBE_P99_MAX_MS = 200;
/** The probe's pause between two rounds of its requests. */
const PROBE_PAUSE_MS = 20;
const MEBIBYTE = 1024 * 1024;

type Probe = { latencies: Record<string, number[]>; statuses: Record<string, number> };
/** A call's time, status, the probe's latencies meanwhile, and the phases the server named (Server-Timing). */
type Phase = { ms: number; status: number; probe: Probe; phases: Record<string, number> };

async function startProbe(origin: string, cookie: string): Promise<{ stop: () => Promise<Probe> }> {
  const worker = new Worker(new URL('./support/probe-worker.mjs', import.meta.url), {
    workerData: {
      urls: [`${origin}${API_PREFIX}/auth/me`, `${origin}${API_PREFIX}/schools/`],
      headers: { cookie },
      pauseMs: PROBE_PAUSE_MS,
    },
  });
  await new Promise((resolve) => worker.once('message', resolve));
  return {
    stop: () =>
      new Promise<Probe>((resolve, reject) => {
        worker.once('message', (probe: Probe) => {
          void worker.terminate();
          resolve(probe);
        });
        worker.once('error', reject);
        worker.postMessage('stop');
      }),
  };
}

/** One call over HTTP, its answer read to the last byte while the probe runs. */
async function probed(origin: string, probeCookie: string, send: () => Promise<Response>): Promise<Phase & { body: string }> {
  const probe = await startProbe(origin, probeCookie);
  const started = performance.now();
  const response = await send();
  const body = await response.text();
  const ms = performance.now() - started;
  return {
    ms,
    status: response.status,
    body,
    probe: await probe.stop(),
    phases: serverTimingOf(response.headers.get('server-timing')),
  };
}

async function importWhileProbed(
  origin: string,
  school: ImportSchool,
  probeCookie: string,
  file: ImportFile,
  mode: 'users_initial' | 'users_update' = 'users_initial',
): Promise<{ verify: Phase; confirm: Phase; numbered: number }> {
  const body = await verifyBody(school, file.bytes, mode);
  const verify = await probed(origin, probeCookie, () =>
    fetch(origin + API_PREFIX + imports.verifyImport.path, {
      method: imports.verifyImport.method,
      headers: { cookie: school.cookie, 'content-type': body.contentType },
      body: new Uint8Array(body.payload.buffer as ArrayBuffer, body.payload.byteOffset, body.payload.byteLength),
    }),
  );
  if (verify.status !== 200) throw new Error(`verification answered ${verify.status}: ${verify.body.slice(0, 500)}`);
  const answer = JSON.parse(verify.body) as imports.ImportCheckAnswer;
  const planned = mode === 'users_update' ? answer.counts.update : answer.counts.create;
  if (planned !== file.lines) throw new Error(`verification planned ${planned} ${mode} lines of ${file.lines}`);
  const numbered = answer.users.filter((user) => /\d\.banc-/.test(user.informations.login ?? '')).length;
  const confirm = await probed(origin, probeCookie, () =>
    fetch(origin + API_PREFIX + buildPath(imports.confirmImport.path, { importNumber: answer.importNumber }), {
      method: imports.confirmImport.method,
      headers: { cookie: school.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ confirmation: 1, excludeUsers: [] }),
    }),
  );
  if (confirm.status !== 200) throw new Error(`confirmation answered ${confirm.status}: ${confirm.body.slice(0, 500)}`);
  return { verify, confirm, numbered };
}

const p99Of = (probe: Probe) => percentile(Object.values(probe.latencies).flat(), 0.99);
const maxOf = (probe: Probe) => Math.max(...Object.values(probe.latencies).flat());
const countOf = (probe: Probe) => Object.values(probe.latencies).flat().length;

async function measureEngine(label: string, seeded: SeededDatabase): Promise<{ lines: string[]; passed: boolean }> {
  const handle: DatabaseHandle = seeded.handle;
  const lines: string[] = [];
  let passed = true;
  const applications = await listImportApplications(handle.db);
  const files = {
    varied: generateImportFile({ lines: LINES, applications, seed: 31 }),
    namesakes: generateImportFile({ lines: LINES, applications, seed: 31, namesakes: true }),
  };
  const maxMegabytes = Math.max(20, Math.ceil(Math.max(files.varied.bytes.length, files.namesakes.bytes.length) / MEBIBYTE) + 1);
  const app = await buildApp({
    db: handle.db,
    env: importEnv(seeded.dataDir, { maxLines: LINES, maxMegabytes }),
    engine: handle.engine,
  });
  try {
    const origin = await listen(app);
    const prober = await createImportSchool(handle.db, `${label.toLowerCase()}-probe`);
    const loadBefore = loadavg()[0]!;
    const verifyMs: Record<string, number> = {};
    const schools: Record<string, ImportSchool> = {};
    const runs = [
      ...Object.entries(files).map(([kind, file]) => ({ kind, file, mode: 'users_initial' as const })),
      { kind: 'update', file: null, mode: 'users_update' as const },
    ];
    for (const run of runs) {
      // The update renames the users the varied file created, in their school.
      const school = (schools[run.kind] =
        run.mode === 'users_update'
          ? schools.varied!
          : await createImportSchool(handle.db, `${label.toLowerCase()}-${run.kind}`));
      const file =
        run.file ??
        generateImportFile({
          lines: LINES,
          applications,
          seed: 31,
          renamed: true,
          userIds: await importedUserIds(handle.db, school.uai),
        });
      const { verify, confirm, numbered } = await importWhileProbed(origin, school, prober.cookie, file, run.mode);
      verifyMs[run.kind] = verify.ms;
      const what = { varied: 'varied names', namesakes: 'namesakes', update: 'users_update renaming the varied file’s users' }[
        run.kind
      ];
      lines.push(
        `  ${LINES.toLocaleString('en')} lines, ${what} (${(file.bytes.length / MEBIBYTE).toFixed(1)} MiB; ${numbered.toLocaleString('en')} logins numbered):`,
      );
      for (const [phase, measured] of [
        ['verification', verify],
        ['confirmation', confirm],
      ] as const) {
        const p99 = p99Of(measured.probe);
        lines.push(
          `    ${phase}: ${formatMs(measured.ms)}; probe (GET /api/auth/me and /api/schools/, ${countOf(measured.probe)} requests, statuses ${JSON.stringify(measured.probe.statuses)}): ` +
            `p99 ${formatMs(p99)} (target ≤ ${PROBE_P99_MAX_MS} ms) ${p99 <= PROBE_P99_MAX_MS ? '✓' : '✗'}, max ${formatMs(maxOf(measured.probe))}`,
        );
        lines.push(
          `      server phases: ${Object.entries(measured.phases)
            .map(([name, ms]) => `${name} ${formatMs(ms)}`)
            .join(', ')}`,
        );
        passed &&= p99 <= PROBE_P99_MAX_MS && Object.keys(measured.probe.statuses).every((status) => status === '200');
      }
    }
    const ratio = verifyMs.namesakes! / verifyMs.varied!;
    lines.push(
      `  namesakes ÷ varied names, verification: ${ratio.toFixed(2)}× (target ≤ ${NAMESAKES_RATIO_MAX}×) ${ratio <= NAMESAKES_RATIO_MAX ? '✓' : '✗'}`,
    );
    lines.push(
      `  machine: ${availableParallelism()} CPUs, 1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`,
    );
    passed &&= ratio <= NAMESAKES_RATIO_MAX;
  } finally {
    await app.close();
    await handle.close();
  }
  return { lines: [`${label}:`, ...lines], passed };
}

export function runImportLoadBench(options: { databaseUrl?: string }): Promise<EngineFigures> {
  return measureOnEachEngine('import-load', options.databaseUrl, measureEngine);
}
