import type { imports } from '@console/contract';
import { availableParallelism } from 'node:os';
import { canReachSchool, schoolNotFound } from '#platform/auth/access.js';
import { requireRight } from '#platform/auth/rights.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import { JsonList } from '#platform/http/json-answer.js';
import type { Phases } from '#platform/http/server-timing.js';
import { ownMemoryOf } from '#platform/workers/worker-messages.js';
import { WorkerPool } from '#platform/workers/worker-pool.js';
import { insertBatch } from '../imports.repository.js';
import { verifyProgress, type VerifyProgressReport } from './verify-progress.js';
import type { VerifyTask, VerifyTaskResult } from './verify-task.js';

/** The verification's answer, its previewed users as the JSON the worker wrote (see PreviewList). */
export type VerifiedImport = Omit<imports.ImportCheckAnswer, 'users'> & { users: JsonList<imports.ImportUser> };

/**
 * The heap a verification's worker may use, in MiB, for files of `maxMegabytes` at most: 50 MiB a
 * file's MiB, 1 GiB at least. A file's lines take 9 bytes of heap a byte of file (80 MiB for the
 * 50,000-line file of 8.7 MiB), 25 at worst (lines of empty access columns): twice that at least.
 * The cap also makes the worker collect what it let go sooner (WorkerPool): the 50,000-line
 * verification's memory grew by 300–320 MiB under V8's default 4 GiB, 240–285 MiB under 1 GiB,
 * for some 70–100 ms more collecting in a 10,000-line verification (issue 31's note).
 */
export const verifyHeapMb = (maxMegabytes: number) => Math.max(1024, 50 * maxMegabytes);

/**
 * The threads that read and plan import files: one per core but the one the server runs on
 * (at least one, at most four); a file waits for a free one. Idle ones stop after a minute.
 * Built, the worker is dist/verify.worker.js beside dist/main.js; in the sources, the .ts file here.
 */
let pool: WorkerPool | undefined;
const verifyPool = (env: ServiceContext['env']): WorkerPool =>
  (pool ??= new WorkerPool(new URL('./verify.worker.js', import.meta.url), {
    size: Math.min(4, Math.max(1, availableParallelism() - 1)),
    idleMs: 60_000,
    maxHeapMb: verifyHeapMb(env.IMPORT_MAX_MEGABYTES),
  }));

/** A worker that ran out of its heap (ERR_WORKER_OUT_OF_MEMORY) says the file is too heavy; other errors pass. */
export function asVerifyError(error: unknown): unknown {
  if ((error as { code?: unknown } | null)?.code !== 'ERR_WORKER_OUT_OF_MEMORY') return error;
  return new AppError('payload_too_large', 'The file needs more memory than a verification may take', {
    reason: 'import_file_too_heavy',
  });
}

/** Stops the verification's threads (the server closing); a later verification starts new ones. */
export async function closeVerifyPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}

/**
 * Verifies an import file for a school (spec 3 §3, §7): reads it, checks every line, then checks
 * them against the school (its users, logins, rules, the caller's rights) and plans what each
 * line will do. Nothing is written but the verified batch, whose number the answer gives with the
 * preview. Throws `not_found` for a school out of reach, `forbidden` for a teaching import without
 * adminTabs, `validation_failed` with every problem when any line has one (nothing stored).
 *
 * The reading and planning (seconds of CPU for 50,000 lines) run in a worker thread
 * (verify.worker.ts, check-and-plan.ts), so that the server goes on answering everyone else
 * meanwhile; only the rights, the queries and the storing of the batch run here. `phases` receives
 * the milliseconds of each phase: the worker's, `worker` (waiting for a free one, and the file and
 * the plan crossing threads) and `store`.
 */
export async function verifyImport(
  ctx: ServiceContext,
  upload: { bytes: Uint8Array; mode: imports.ImportMode; uai: string },
  phases: Phases = {},
): Promise<VerifiedImport> {
  const { mode, uai } = upload;
  if (!(await canReachSchool(ctx, uai))) throw schoolNotFound();
  if (mode === 'teaching') requireRight(ctx.actor, 'adminTabs', 'Lecture');
  const task: VerifyTask = { actor: ctx.actor, env: ctx.env, engine: ctx.engine, upload };
  const progress = verifyProgress.start(ctx.actor.id, uai);
  let verified: VerifyTaskResult;
  let importNumber: number;
  try {
    const started = performance.now();
    verified = await verifyPool(ctx.env)
      // The file moves to the worker rather than being copied there (nothing here reads it again).
      .run<VerifyTaskResult>(
        ctx.db,
        task,
        (report) => progress.report(report as VerifyProgressReport),
        ownMemoryOf([upload.bytes]),
      )
      .catch((error: unknown) => {
        throw asVerifyError(error);
      });
    const inWorker = Object.values(verified.phases).reduce((sum, ms) => sum + ms, 0);
    Object.assign(phases, verified.phases, { worker: performance.now() - started - inWorker });
    const storing = performance.now();
    importNumber = await insertBatch(
      ctx.db,
      { uai, mode, createdById: ctx.actor.id, createdBy: editorLabel(ctx.actor) },
      verified.packed,
    );
    phases.store = performance.now() - storing;
  } finally {
    progress.end();
  }
  const { format, ignoredColumns, previewParts, counts } = verified;
  const users = JsonList.fromParts<imports.ImportUser>(
    previewParts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength)),
  );
  return { importNumber, mode, uai, format, ignoredColumns, users, counts };
}
