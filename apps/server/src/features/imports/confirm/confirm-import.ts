import type { imports } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { canReachSchool } from '#platform/auth/access.js';
import { requireRight } from '#platform/auth/rights.js';
import type { ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { PhaseClock } from '#platform/http/server-timing.js';
import { AppError } from '#platform/errors/app-error.js';
import { decideBatch, findBatch, lockBatch, markBatchApplying, readPlan, type BatchRow } from '../imports.repository.js';
import type { ImportPlan, PlannedLine } from '../plan.js';
import { applyInSteps } from './apply-in-steps.js';
import { applyLines, checkLinesInParts, closeDecision, type OpenedDecision } from './apply-lines.js';
import { confirmProgress } from './confirm-progress.js';

const importNotFound = () => new AppError('not_found', 'No such import');

/** Each line's outcome in the report. */
function outcomeOf(line: PlannedLine, excluded: boolean): imports.ImportOutcome {
  if (excluded) return 'excluded';
  if (line.kind === 'create') return 'created';
  if (line.kind === 'update') return 'updated';
  return line.kind;
}

/**
 * Locks and checks the batch: only its author decides, within a school they still reach (else
 * 404, as for an unknown number), a batch of the expected mode still to decide.
 */
async function checkBatch(
  tx: Executor,
  ctx: ServiceContext,
  importNumber: number,
  expectedMode: imports.ImportMode | undefined,
): Promise<{ batch: BatchRow; mode: imports.ImportMode }> {
  const batch = await lockBatch(tx, importNumber);
  if (!batch || batch.createdById !== ctx.actor.id || !(await canReachSchool({ db: tx, actor: ctx.actor }, batch.uai)))
    throw importNotFound();
  const mode = batch.mode as imports.ImportMode;
  if (expectedMode && mode !== expectedMode)
    throw new AppError('bad_request', `Import ${importNumber} is a ${mode} import`, {
      reason: 'import_wrong_mode',
      params: { mode },
    });
  requirePending(batch);
  if (mode === 'teaching') requireRight(ctx.actor, 'adminTabs', 'Lecture');
  return { batch, mode };
}

function requirePending(batch: BatchRow): void {
  if (batch.status !== 'verified')
    throw new AppError('conflict', `Import ${batch.id} is ${batch.status}`, {
      reason: 'import_not_pending',
      params: { status: batch.status },
    });
}

/** A checked batch's decision: each line of its plan with its outcome, and the lines to apply. */
function decisionOf(
  { batch, mode }: { batch: BatchRow; mode: imports.ImportMode },
  plan: ImportPlan,
  decision: { confirmation: 0 | 1; excludeUsers: readonly number[] },
): OpenedDecision {
  const excluded = new Set(decision.excludeUsers);
  const counts = { created: 0, updated: 0, unchanged: 0, teaching: 0, excluded: 0 };
  const lines = plan.lines.map((line) => {
    const outcome = outcomeOf(line, decision.confirmation === 0 || excluded.has(line.line));
    counts[outcome] += 1;
    return {
      line: line.line,
      outcome,
      userId: line.kind === 'create' ? null : line.userId,
      login: line.kind === 'create' ? line.fields.login : line.login,
    };
  });
  return { batch, mode, counts, lines, kept: plan.lines.filter((line) => !excluded.has(line.line)) };
}

/** Locks and checks the batch (checkBatch), reads its plan and each line's outcome, in the caller's transaction. */
async function openDecision(
  tx: Executor,
  ctx: ServiceContext,
  importNumber: number,
  decision: { confirmation: 0 | 1; excludeUsers: readonly number[] },
  expectedMode: imports.ImportMode | undefined,
): Promise<OpenedDecision> {
  const checked = await checkBatch(tx, ctx, importNumber, expectedMode);
  return decisionOf(checked, await readPlan(tx, checked.batch.id), decision);
}

/**
 * Opens a confirmation on the embedded database without holding its one connection for long: the
 * batch checked, then its plan read and its lines checked against the school a part at a time,
 * other requests served in between (a 50,000-line plan took 1.4 to 2.2 s in one transaction),
 * then the batch checked again and marked `applying` in a short transaction. Nothing is locked
 * across the parts: each step checks its own lines again under lock (applyLines), so that a
 * change made meanwhile still stops the import, which stays all or nothing.
 */
async function openDecisionInParts(
  ctx: ServiceContext,
  importNumber: number,
  decision: { confirmation: 0 | 1; excludeUsers: readonly number[] },
  expectedMode: imports.ImportMode | undefined,
): Promise<OpenedDecision> {
  const checked = await ctx.db.transaction((tx) => checkBatch(tx, ctx, importNumber, expectedMode));
  const opened = decisionOf(checked, await readPlan(ctx.db, checked.batch.id), decision);
  try {
    await checkLinesInParts(ctx.db, opened.batch.uai, opened.kept);
  } catch (error) {
    // Confirmed twice at once: the other confirmation's first steps took these logins; say that it is at work, not that the school changed.
    const now = await findBatch(ctx.db, opened.batch.id);
    if (now) requirePending(now);
    throw error;
  }
  return ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, opened.batch.id);
    if (!batch) throw importNotFound();
    requirePending(batch);
    await markBatchApplying(tx, batch.id);
    confirmProgress.start(batch.id, opened.kept.length);
    return opened;
  });
}

/** Cancels an opened decision (confirmation 0): nothing of its plan is written. */
async function cancelDecision(tx: Executor, ctx: ServiceContext, opened: OpenedDecision): Promise<imports.ImportResult> {
  const { batch, mode, counts, lines } = opened;
  await decideBatch(tx, batch.id, { status: 'cancelled' });
  await writeAudit(tx, {
    actor: ctx.actor,
    action: 'import_cancel',
    entity: 'import',
    entityId: batch.id,
    uai: batch.uai,
    after: { mode },
  });
  return { importNumber: batch.id, mode, status: 'cancelled', counts, lines };
}

/**
 * Applies a verified import (confirmation 1) or cancels it (0): every line of its plan but the
 * excluded ones, all or nothing. The batch is locked, so that two confirmations of one import
 * apply it once. Throws `not_found` (see openDecision), `conflict` (`import_not_pending`) for an
 * import already applied or cancelled, (`import_stale`, with the lines) when the school changed
 * since the verification in a way the plan cannot hold (a login taken meanwhile, a user gone):
 * nothing is written and the file is to be verified again.
 *
 * On PostgreSQL, one transaction. On the embedded database, whose single connection would make
 * every other user wait for that transaction, the lines are applied in short steps with the
 * batch marked `applying` (confirm/apply-in-steps.ts); a step that fails takes back the steps
 * before it, so that the outcome is still all or nothing.
 *
 * `expectedMode` refuses a batch of another mode; `clock` times the phases: `open` (the batch
 * locked, its plan read and checked against the school), `apply` (the lines written), `close`
 * (the batch recorded decided, the audit, and on PostgreSQL the commit).
 */
export async function decideImport(
  ctx: ServiceContext,
  importNumber: number,
  decision: { confirmation: 0 | 1; excludeUsers: readonly number[] },
  { expectedMode, clock = new PhaseClock() }: { expectedMode?: imports.ImportMode; clock?: PhaseClock } = {},
): Promise<imports.ImportResult> {
  if (ctx.engine === 'pglite' && decision.confirmation === 1) {
    const opened = await openDecisionInParts(ctx, importNumber, decision, expectedMode);
    clock.lap('open');
    try {
      return await applyInSteps(ctx, opened, clock);
    } finally {
      confirmProgress.end(opened.batch.id);
    }
  }
  let started: number | undefined;
  try {
    const decided = await ctx.db.transaction(async (tx) => {
      const opened = await openDecision(tx, ctx, importNumber, decision, expectedMode);
      if (decision.confirmation === 0) return cancelDecision(tx, ctx, opened);
      clock.lap('open');
      // One transaction: the history says it is at work (its lines all done at once).
      started = opened.batch.id;
      confirmProgress.start(started, opened.kept.length);
      const applied = await applyLines(tx, ctx, opened.batch, opened.kept);
      clock.lap('apply');
      return closeDecision(tx, ctx, opened, applied.ids, applied.undo);
    });
    if (started !== undefined) clock.lap('close');
    return decided;
  } finally {
    if (started !== undefined) confirmProgress.end(started);
  }
}
