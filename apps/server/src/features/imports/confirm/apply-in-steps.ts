import type { imports } from '@console/contract';
import { writeAuditEntries } from '../../../platform/audit/audit.js';
import type { ServiceContext } from '../../../platform/context.js';
import type { Database } from '../../../platform/db/client.js';
import { PhaseClock } from '../../../platform/http/server-timing.js';
import { appendBatchUndo, listApplyingBatchIds, lockBatch, reopenBatch } from '../imports.repository.js';
import { addUndo, emptyUndo, type ImportUndo } from '../plan.js';
import { takeBackImport } from '../rollback/rollback-import.js';
import { applyLines, closeDecision, type OpenedDecision } from './apply-lines.js';
import { confirmProgress } from './confirm-progress.js';

/**
 * Lines a step applies in its own transaction. The embedded database runs on the server's thread
 * with one connection: a step holds it, and every other request, for under a tenth of a second
 * (200 new users: about 85 ms on a 2-core machine; bench/import-load.bench.ts measures the other
 * requests meanwhile). Smaller steps cost the confirmation more (bench/import.bench.ts).
 */
export const STEP_LINES = 200;

/** Lets the requests that arrived during a step run before the next one. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Takes back the steps a confirmation committed (the batch's `undo`, kept by each step) and puts
 * the batch back to `verified`, in one transaction. Does nothing for a batch no longer `applying`.
 */
export async function takeBackSteps(db: Database, actor: ServiceContext['actor'] | null, batchId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    if (!batch || batch.status !== 'applying') return;
    const undo = (batch.undo as ImportUndo | null) ?? emptyUndo();
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
 * Applies an opened confirmation, already checked and marked `applying`, STEP_LINES lines per
 * transaction, each step adding what it replaced to the batch's `undo`; then records it applied.
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
    for (let start = 0; start < kept.length; start += STEP_LINES) {
      await nextTurn();
      const step = await ctx.db.transaction(async (tx) => {
        const applied = await applyLines(tx, ctx, batch, kept.slice(start, start + STEP_LINES));
        await appendBatchUndo(tx, batch.id, applied.undo);
        return applied;
      });
      confirmProgress.advance(batch.id, Math.min(start + STEP_LINES, kept.length));
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
