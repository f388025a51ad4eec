// The CSV import's figures (issues 15 and 31 §2), on PGlite and (with --database-url) on
// PostgreSQL, each database seeded with a school of 5,000 users by seed:large:
// - a users_initial file of 10,000 lines × 60 columns: the verification (POST /api/users/batch)
//   ≤ 2× a bare baseline (papaparse on the same bytes, then COPY of the same rows into a plain
//   table: support/import-baseline.ts), shown beside the floor under it (the same file parsed, its
//   secrets sealed, its rows packed and previewed as JSON, and stored, with no rule:
//   support/import-verify-baseline.ts); the confirmation (POST /api/users/batch/:importNumber)
//   ≤ 2× the floor under it (the same rows by COPY into the product's own tables, with their keys,
//   indexes and foreign keys, in one transaction: support/import-tables-baseline.ts). The
//   absolute times are printed beside, with each phase the server names in its Server-Timing
//   header, and what the file's secrets cost to seal alone (a part no rule can skip). App and
//   baselines alternate, round by round, so that a machine busy for a while weighs on both; the
//   first round warms up.
// - a 50,000-line file verified without the server process' resident memory growing more than
//   300 MB (the median of three fresh processes: support/import-memory.ts), a users_initial file
//   and a users_update file changing 50,000 users the process first imported.
// Every round imports into a new school (its own login extension) as its school administrator.
// The app runs with the default limits (IMPORT_MAX_LINES 50,000, IMPORT_MAX_MEGABYTES 20); the
// size limit is raised to the 50,000-line file's size should that ever pass 20 MiB.
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { buildApp } from '../apps/server/src/app.js';
import { encryptSecret } from '../apps/server/src/platform/auth/secrets.js';
import type { DatabaseHandle } from '../apps/server/src/platform/db/client.js';
import { openPostgresTarget, usePgliteTarget, type BulkTarget } from './lib/bulk-target.js';
import {
  createImportSchool,
  importEnv,
  listImportApplications,
  postConfirm,
  postVerify,
  verifyBody,
} from './support/import-app.js';
import { createScratchTable, dropScratchTable, runBaseline, type BaselineMethod } from './support/import-baseline.js';
import { runTablesBaseline } from './support/import-tables-baseline.js';
import { createVerifyScratchTable, dropVerifyScratchTable, runVerifyBaseline } from './support/import-verify-baseline.js';
import { generateImportFile, type ImportFile } from './support/import-file.js';
import { measureImportMemory, type MemoryFigures, type MemoryMode } from './support/import-memory.js';
import { formatMs, percentile } from './support/measure.js';
import { openSeededPglite, openSeededPostgres } from './support/seeded-school.js';

const LINES = 10_000;
const MEMORY_LINES = 50_000;
/** Fresh processes the memory figure is the median of. */
const MEMORY_PROBES = 3;
/** New users, then an update of as many users (the update's planner lets its lines go too). */
const MEMORY_MODES: readonly MemoryMode[] = ['users_initial', 'users_update'];
const WARM_UP_ROUNDS = 1;
const ROUNDS = 5;
const RATIO_MAX = 2;
const MEBIBYTE = 1024 * 1024;
/** 300 MB as millions of bytes (286 MiB): the stricter reading. */
const MEMORY_GROWTH_MAX = 300_000_000;
const DEFAULT_MAX_MEGABYTES = 20;

type Engine = {
  label: 'PGlite' | 'PostgreSQL';
  handle: DatabaseHandle;
  dataDir: string;
  databaseUrl?: string;
  target: BulkTarget;
  /** The baselines measured; the first is the one the ratios use. */
  baselines: BaselineMethod[];
  dispose: () => Promise<void>;
};

type Samples = {
  /** Through inject, to the answer's last byte. */
  verify: number[];
  /** The server's timing, to the answer's headers. */
  verifyHeaders: number[];
  confirm: number[];
  confirmHeaders: number[];
  /** The server's phases (Server-Timing), by name. */
  verifyPhases: Record<string, number[]>;
  confirmPhases: Record<string, number[]>;
  baseline: Record<BaselineMethod, number[]>;
  /** The floor under a confirmation: the same rows by COPY into the product's own tables (support/import-tables-baseline.ts). */
  tables: number[];
  /** The floor under a verification: what it must make of the file, with no rule (support/import-verify-baseline.ts). */
  verifyFloor: number[];
  /** The secrets that floor sealed in its last run. */
  verifyFloorSealed: number;
};

async function openPglite(): Promise<Engine> {
  const seeded = await openSeededPglite('import');
  return {
    label: 'PGlite',
    ...seeded,
    target: usePgliteTarget(seeded.handle.pglite!),
    // COPY is what the codebase's bulk loader uses on PGlite; multi-row inserts are shown beside it.
    baselines: ['copy', 'insert'],
  };
}

async function openPostgres(adminUrl: string): Promise<Engine> {
  const seeded = await openSeededPostgres(adminUrl, 'import');
  const target = await openPostgresTarget(seeded.databaseUrl!);
  return {
    label: 'PostgreSQL',
    ...seeded,
    target,
    baselines: ['copy'],
    dispose: async () => {
      await target.close();
      await seeded.dispose();
    },
  };
}

const median = (values: number[]) => percentile(values, 0.5);
const mebibytes = (bytes: number) => `${(bytes / MEBIBYTE).toFixed(1)} MiB`;
const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');

/** Logins the rules numbered (a digit right before the school's tail): the repeated names, and the lines those repeats displaced. */
const countNumbered = (logins: readonly string[], tail: string) =>
  logins.filter((login) => new RegExp(`\\d${tail.replace(/[.-]/g, '\\$&')}$`).test(login)).length;

function addPhases(into: Record<string, number[]>, phases: Record<string, number>): void {
  for (const [phase, ms] of Object.entries(phases)) (into[phase] ??= []).push(ms);
}

const phasesLine = (phases: Record<string, number[]>) =>
  Object.entries(phases)
    .map(([phase, values]) => `${phase} ${formatMs(median(values))}`)
    .join(', ');

/**
 * What sealing the file's secrets costs alone: one encryption per user's password, and one per
 * access whose password the file gives (the others share the user's), as the verification makes
 * them. The median of three runs.
 */
function measureSealing(file: ImportFile): { count: number; ms: number } {
  const passwords = [...Array.from({ length: file.lines }, (_unused, index) => `bcdf${index}`), ...file.accessPasswords];
  const key = randomBytes(32);
  const runs = [0, 1, 2].map(() => {
    const started = performance.now();
    for (const password of passwords) encryptSecret(key, password);
    return performance.now() - started;
  });
  return { count: passwords.length, ms: median(runs) };
}

/**
 * Checkpoints the database before a timed step, so that each step pays for the checkpoints of its
 * own writes only: PGlite checkpoints on a timer on the thread that runs its queries
 * (platform/db/embedded-checkpoints.ts), and the log the step before wrote (a baseline's 10,000
 * users, say) otherwise landed in the next step's time (50–60 ms of a verification's `school`,
 * `upload` or `store` on PGlite, none on PostgreSQL).
 */
async function checkpoint(engine: Engine): Promise<void> {
  await engine.target.query('checkpoint');
}

/** The alternating rounds on one engine: verify, baseline(s), confirm, baseline(s). */
async function measureRounds(
  engine: Engine,
  file: ImportFile,
  maxMegabytes: number,
): Promise<{ samples: Samples; numbered: number }> {
  const { handle } = engine;
  const app = await buildApp({
    db: handle.db,
    env: importEnv(engine.dataDir, { maxLines: MEMORY_LINES, maxMegabytes }),
    engine: handle.engine,
  });
  const samples: Samples = {
    verify: [],
    verifyHeaders: [],
    confirm: [],
    confirmHeaders: [],
    verifyPhases: {},
    confirmPhases: {},
    baseline: { copy: [], insert: [] },
    tables: [],
    verifyFloor: [],
    verifyFloorSealed: 0,
  };
  let numbered = 0;
  try {
    await app.ready();
    await createScratchTable(engine.target, file.headers.length);
    await createVerifyScratchTable(engine.target);
    for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
      const counted = round >= WARM_UP_ROUNDS;
      const tag = `${engine.label.toLowerCase()}-${round}`;
      const school = await createImportSchool(handle.db, tag);
      const body = await verifyBody(school, file.bytes);
      let bareRuns = 0;
      const baselines = async () => {
        for (const method of engine.baselines) {
          await checkpoint(engine);
          const elapsed = await runBaseline(engine.target, file.bytes, file.headers.length, method);
          if (counted) samples.baseline[method].push(elapsed);
        }
        await checkpoint(engine);
        const floor = await runVerifyBaseline(engine.target, file.bytes);
        samples.verifyFloorSealed = floor.sealed;
        if (counted) samples.verifyFloor.push(floor.ms);
        // Its own school each run (made before the clock starts), so that the school's options are new each time.
        const bareTag = `${tag}-bare-${bareRuns++}`;
        const bareSchool = await createImportSchool(handle.db, bareTag);
        await checkpoint(engine);
        const elapsed = await runTablesBaseline(engine.target, file.bytes, file.headers, { uai: bareSchool.uai, tag: bareTag });
        if (counted) samples.tables.push(elapsed);
      };

      await checkpoint(engine);
      const verified = await postVerify(app, school, body);
      if (verified.answer.counts.create !== LINES)
        throw new Error(`verification planned ${verified.answer.counts.create} creations of ${LINES}`);
      numbered = countNumbered(
        verified.answer.users.map((user) => user.informations.login ?? ''),
        `.banc-${tag}`,
      );
      await baselines();
      await checkpoint(engine);
      const confirmed = await postConfirm(app, school, verified.answer.importNumber);
      if (confirmed.answer.counts.created !== LINES)
        throw new Error(`confirmation created ${confirmed.answer.counts.created} users of ${LINES}`);
      await baselines();
      if (counted) {
        // The figure is the whole answer (a large one is streamed after its headers, which the server's timing marks).
        samples.verify.push(verified.wallMs);
        samples.verifyHeaders.push(verified.serverMs);
        samples.confirm.push(confirmed.wallMs);
        samples.confirmHeaders.push(confirmed.serverMs);
        addPhases(samples.verifyPhases, verified.phases);
        addPhases(samples.confirmPhases, confirmed.phases);
      }
    }
    await dropScratchTable(engine.target);
    await dropVerifyScratchTable(engine.target);
  } finally {
    await app.close();
  }
  return { samples, numbered };
}

/** The memory figure of a mode's 50,000-line verification: the median of a few fresh processes, since the peak depends on when the collector runs. */
function measureMemory(engine: Engine, mode: MemoryMode, maxMegabytes: number): { line: string; passed: boolean } {
  const probes = Array.from({ length: MEMORY_PROBES }, () =>
    measureImportMemory({ dataDir: engine.dataDir, databaseUrl: engine.databaseUrl, mode, lines: MEMORY_LINES, maxMegabytes }),
  );
  const growthOf = (probe: MemoryFigures) => probe.rssPeak - probe.rssBefore;
  const memory = [...probes].sort((left, right) => growthOf(left) - growthOf(right))[Math.floor(MEMORY_PROBES / 2)]!;
  const growth = growthOf(memory);
  const what = mode === 'users_update' ? 'users_update verification (every name changed)' : 'verification';
  return {
    line:
      `  memory, ${memory.lines.toLocaleString('en')}-line ${what} (${mebibytes(memory.megabytes * MEBIBYTE)}, answered ${probes.map((probe) => probe.status).join(', ')}, its last byte read after ${formatMs(memory.lastByteMs)}): ` +
      `resident memory (RSS) +${mebibytes(growth)} at its peak, median of ${MEMORY_PROBES} fresh processes (${probes.map((probe) => mebibytes(growthOf(probe))).join(', ')}), ${mebibytes(memory.rssBefore)} → ${mebibytes(memory.rssPeak)} (target ≤ +300 MB); ` +
      `V8 heap + external ${mebibytes(memory.heapAndExternalBefore)} before, ${mebibytes(memory.heapAndExternalAfter)} right after the answer`,
    passed: probes.every((probe) => probe.status === 200) && growth <= MEMORY_GROWTH_MAX,
  };
}

export async function runImportBench(options: { databaseUrl?: string }): Promise<{ lines: string[]; passed: boolean }> {
  const lines: string[] = [];
  let passed = true;
  const engines: (() => Promise<Engine>)[] = [openPglite];
  if (options.databaseUrl) engines.push(() => openPostgres(options.databaseUrl!));
  else lines.push('PostgreSQL figures skipped: needs --database-url (an admin URL; a database is made and dropped)');

  for (const open of engines) {
    const engine = await open();
    let isOpen = true;
    try {
      const applications = await listImportApplications(engine.handle.db);
      const file = generateImportFile({ lines: LINES, applications });
      const memoryBytes = generateImportFile({ lines: MEMORY_LINES, applications, seed: 50 }).bytes.length;
      const maxMegabytes = Math.max(DEFAULT_MAX_MEGABYTES, Math.ceil(memoryBytes / MEBIBYTE) + 1);
      lines.push(`${engine.label}:`);
      lines.push(
        `  file: ${LINES.toLocaleString('en')} lines × ${file.headers.length} columns, ${mebibytes(file.bytes.length)} (UTF-8 with BOM, ';', CRLF); ` +
          `IMPORT_MAX_MEGABYTES=${maxMegabytes} (the ${MEMORY_LINES.toLocaleString('en')}-line file is ${mebibytes(memoryBytes)})`,
      );
      const loadBefore = loadavg()[0]!;
      const { samples, numbered } = await measureRounds(engine, file, maxMegabytes);
      const secrets = measureSealing(file);
      lines.push(`  ${file.repeatedNames} lines repeat an earlier line's names; ${numbered} logins came out numbered`);
      // Other work on the machine slows app and baseline alike; the ratios hold better than the times.
      lines.push(
        `  machine: ${availableParallelism()} CPUs, 1-minute load average ${loadBefore.toFixed(1)} before the rounds, ${loadavg()[0]!.toFixed(1)} after`,
      );
      const reference = engine.baselines[0]!;
      const baselineMs = median(samples.baseline[reference]);
      const tablesMs = median(samples.tables);
      const targets = {
        verify: { label: 'verification', floorMs: baselineMs, floor: `papaparse + COPY into a plain table` },
        confirm: { label: 'confirmation', floorMs: tablesMs, floor: `the floor under it (COPY into the product's tables)` },
      } as const;
      for (const phase of ['verify', 'confirm'] as const) {
        const { label, floorMs, floor } = targets[phase];
        const appMs = median(samples[phase]);
        const headersMs = median(samples[phase === 'verify' ? 'verifyHeaders' : 'confirmHeaders']);
        const ratio = appMs / floorMs;
        lines.push(
          `  ${label}: median ${formatMs(appMs)} to the answer's last byte, through inject (${formatMs(headersMs)} to its headers, server timing), ` +
            `${ratio.toFixed(2)}× ${floor} (target ≤ ${RATIO_MAX}×); rounds: ${list(samples[phase])}`,
        );
        lines.push(
          `    its phases, median of each (Server-Timing): ${phasesLine(samples[phase === 'verify' ? 'verifyPhases' : 'confirmPhases'])}`,
        );
        passed &&= ratio <= RATIO_MAX;
      }
      lines.push(
        `    of the verification, sealing the file's ${secrets.count.toLocaleString('en')} secrets alone (one AES-256-GCM encryption each, as stored): ${formatMs(secrets.ms)}`,
      );
      // The floor under a verification: what it must make of the file beyond reading it, with no rule. Shown beside the target, not judged.
      if (samples.verifyFloorSealed !== secrets.count)
        throw new Error(`the verification's floor sealed ${samples.verifyFloorSealed} secrets, the file has ${secrets.count}`);
      const verifyFloorMs = median(samples.verifyFloor);
      lines.push(
        `    the verification beside the floor under it (the same file parsed, its ${secrets.count.toLocaleString('en')} secrets sealed, its rows packed as the plan is stored and written as the preview's JSON, ` +
          `the chunks stored; no rule, no worker thread): ${(median(samples.verify) / verifyFloorMs).toFixed(2)}×; that floor ${formatMs(verifyFloorMs)} (${(verifyFloorMs / baselineMs).toFixed(2)}× ${targets.verify.floor}); rounds: ${list(samples.verifyFloor)}`,
      );
      for (const method of engine.baselines) {
        const what =
          method === 'copy'
            ? engine.label === 'PGlite'
              ? "COPY FROM '/dev/blob'"
              : 'COPY FROM STDIN'
            : 'multi-row inserts of 1,000 rows';
        lines.push(
          `  baseline papaparse + ${what}: median ${formatMs(median(samples.baseline[method]))}${method === reference ? ' (the verification\u2019s reference)' : ''}; rounds: ${list(samples.baseline[method])}`,
        );
      }
      lines.push(
        `  baseline papaparse + COPY into the product's tables (users, user_options, user_applications; their keys, indexes and foreign keys; ` +
          `one transaction, no rule, no audit): median ${formatMs(tablesMs)}, the floor under a confirmation (its reference); rounds: ${list(samples.tables)}`,
      );
      await engine.handle.close();
      isOpen = false;
      for (const mode of MEMORY_MODES) {
        const memory = measureMemory(engine, mode, maxMegabytes);
        lines.push(memory.line);
        passed &&= memory.passed;
      }
    } finally {
      if (isOpen) await engine.handle.close();
      await engine.dispose();
    }
  }
  return { lines, passed };
}
