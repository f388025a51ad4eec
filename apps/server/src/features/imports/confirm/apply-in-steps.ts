import type { imports } from '@console/contract';
import { writeAuditEntries } from '#platform/audit/audit.js';
import type { ServiceContext } from '#platform/context.js';
import type { Database } from '#platform/db/client.js';
import { PhaseClock } from '#platform/http/server-timing.js';
import { appendBatchUndo, listApplyingBatchIds, lockBatch, readAppliedSteps, reopenBatch } from '../imports.repository.js';
import { addUndo, emptyUndo } from '../plan.js';
import { takeBackImport } from '../rollback/rollback-import.js';
import { applyLines, closeDecision, type OpenedDecision } from './apply-lines.js';
import { confirmProgress } from './confirm-progress.js';

/**
 * Lines the first step applies in its own transaction. The embedded database runs on the
 * server's thread with one connection: a step holds it, and every other request, while it runs
 * (200 new users: about 85 ms on a quiet 2-core machine, 200 ms and more on a busy one;
 * bench/import-load.bench.ts measures the other requests meanwhile). Each next step is sized
 * from the last one's time to take about STEP_TARGET_MS (nextStepLines). Smaller steps cost the
 * confirmation more (bench/import.bench.ts).
 */
export const STEP_LINES = 200;
const STEP_TARGET_MS = 60;
const STEP_LINES_MIN = 25;
const STEP_LINES_MAX = 400;

/**
 * The lines of the next step, from the last one's lines and milliseconds: as many as take about
 * STEP_TARGET_MS at that pace, at most twice the last, within STEP_LINES_MIN and STEP_LINES_MAX.
 */
export function nextStepLines(lines: number, ms: number): number {
  const atPace = Math.round((lines * STEP_TARGET_MS) / Math.max(ms, 1));
  return Math.max(STEP_LINES_MIN, Math.min(STEP_LINES_MAX, lines * 2, atPace));
}

/** Lets the requests that arrived during a step run before the next one. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Takes back the steps a confirmation committed (what each kept, readAppliedSteps) and puts
 * the batch back to `verified`, in one transaction. Does nothing for a batch no longer `applying`.
 */
export async function takeBackSteps(db: Database, actor: ServiceContext['actor'] | null, batchId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch || batch.status !== 'applying') return;
    const undo = await readAppliedSteps(tx, batch);
    const { removed, restored } = await takeBackImport(tx, actor, batch.id, undo);
    await writeAuditEntries(tx, [
      ...removed,
      ...restored,
      {
        actor,
        action: 'import_apply_failed',
        entity: 'import',
        entityId: batch.id,
        uai: batch.uai,
        after: { mode: batch.mode, removedUsers: removed.length, restoredUsers: restored.length },
      },
    ]);
    await reopenBatch(tx, batch.id);
  });
}

/**
 * Applies an opened confirmation, already checked and marked `applying`, in steps of about
 * STEP_TARGET_MS each (nextStepLines), each step keeping what it replaced in a row of its own
 * (appendBatchUndo); then records it applied with its whole undo.
 * Other requests run between steps. When a step fails (a login taken meanwhile, the database
 * gone), the steps before it are taken back and the error goes to the caller: the import is still
 * all or nothing. Meanwhile, others may see the users of the steps done so far. `clock` times
 * `apply` (the steps, and the turns given to other requests between them) and `close`.
 */
export async function applyInSteps(
  ctx: ServiceContext,
  opened: OpenedDecision,
  clock = new PhaseClock(),
): Promise<imports.ImportResult> {
  const { batch, kept } = opened;
  const ids = new Map<number, number>();
  const undo = emptyUndo();
  try {
    let size = STEP_LINES;
    for (let start = 0, stepNumber = 0; start < kept.length; stepNumber++) {
      await nextTurn();
      const end = Math.min(start + size, kept.length);
      const began = performance.now();
      const step = await ctx.db.transaction(async (tx) => {
        const applied = await applyLines(tx, ctx, batch, kept.slice(start, end));
        await appendBatchUndo(tx, batch.id, stepNumber, applied.undo);
        return applied;
      });
      size = nextStepLines(end - start, performance.now() - began);
      start = end;
      confirmProgress.advance(batch.id, end);
      for (const [line, id] of step.ids) ids.set(line, id);
      addUndo(undo, step.undo);
    }
    await nextTurn();
    clock.lap('apply');
    const closed = await ctx.db.transaction((tx) => closeDecision(tx, ctx, opened, ids, undo));
    clock.lap('close');
    return closed;
  } catch (error) {
    await takeBackSteps(ctx.db, ctx.actor, batch.id);
    throw error;
  }
}

/**
 * At start-up, takes back the confirmations that a stop interrupted (batches left `applying`):
 * their files can be confirmed again. Answers how many it took back.
 */
export async function recoverInterruptedImports(db: Database): Promise<number> {
  const ids = await listApplyingBatchIds(db);
  for (const id of ids) await takeBackSteps(db, null, id);
  return ids.length;
}
