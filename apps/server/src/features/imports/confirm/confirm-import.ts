import { imports } from '@console/contract';
import { sql } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit/audit.js';
import { canReachSchool } from '../../../platform/auth/access.js';
import { requireRight } from '../../../platform/auth/rights.js';
import type { ServiceContext } from '../../../platform/context.js';
import type { Executor } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { decideBatch, findTakenLogins, insertTeaching, lockBatch, readPlan, type SchoolUserRow } from '../imports.repository.js';
import type { ImportUndo, PlannedCreate, PlannedLine, PlannedTeaching, PlannedUpdate } from '../plan.js';
import { applyCreates } from './apply-creates.js';
import { applyUpdates, type LockedUser } from './apply-updates.js';

const importNotFound = () => new AppError('not_found', 'No such import');

/** The refusal of a confirmation the school no longer allows: the lines that changed since the verification. */
function importStale(problems: imports.ImportProblem[]): AppError {
  return new AppError('conflict', 'The school changed since the file was verified: verify it again', { reason: 'import_stale', params: { count: problems.length } }, { errors: problems });
}

/** Locks the users an update or teaching import names, as they are now; those gone or moved to another school are stale lines. */
async function lockNamedUsers(tx: Executor, uai: string, lines: readonly (PlannedUpdate | PlannedTeaching)[]) {
  const ids = [...new Set(lines.map((line) => line.userId))];
  const result = await tx.execute<LockedUser>(sql`
    select id, profile_id, login, firstname, lastname, password_hash, password_encrypted, level, class_name, subject, email, comment,
      tablet_number, admin_mode, import_number, updated_at, updated_by
    from users where uai = ${uai} and id = any(${sql.param(ids)}::int[]) order by id for update`);
  const locked = new Map(result.rows.map((row) => [row.id, row]));
  const gone = lines.filter((line) => !locked.has(line.userId)).map((line) => ({ msg: imports.IMPORT_ERRORS.unknownUser, line: line.line, field: null, params: { user: line.userId } }));
  return { locked, gone };
}

/** The new logins (of new users, or renamed ones) that an account took since the verification. */
async function loginsTakenSince(tx: Executor, lines: readonly PlannedLine[], locked: ReadonlyMap<number, SchoolUserRow>): Promise<imports.ImportProblem[]> {
  const wanted = lines.flatMap((line) => {
    if (line.kind === 'create') return [{ line: line.line, login: line.fields.login }];
    if (line.kind !== 'update' || !('fields' in line) || line.fields.login === undefined) return [];
    const current = locked.get(line.userId)?.login;
    return current?.toLowerCase() === line.fields.login.toLowerCase() ? [] : [{ line: line.line, login: line.fields.login }];
  });
  const taken = await findTakenLogins(tx, [...new Set(wanted.map((entry) => entry.login.toLowerCase()))]);
  return wanted.filter((entry) => taken.has(entry.login.toLowerCase())).map((entry) => ({ msg: imports.IMPORT_ERRORS.loginTaken, line: entry.line, field: imports.fieldLabel('login'), params: { login: entry.login } }));
}

/** Each line's outcome in the report. */
function outcomeOf(line: PlannedLine, excluded: boolean): imports.ImportOutcome {
  if (excluded) return 'excluded';
  if (line.kind === 'create') return 'created';
  if (line.kind === 'update') return 'updated';
  return line.kind;
}

/**
 * Applies a verified import (confirmation 1) or cancels it (0), in one transaction: every line of
 * its plan but the excluded ones, all or nothing. The batch is locked, so that two confirmations
 * of one import apply it once. Only its author confirms it, within a school they still reach
 * (else 404, as for an unknown number). Throws `conflict` (`import_not_pending`) for an import
 * already applied or cancelled, (`import_stale`, with the lines) when the school changed since the
 * verification in a way the plan cannot hold (a login taken meanwhile, a user gone): nothing is
 * written and the file is to be verified again.
 */
export async function decideImport(
  ctx: ServiceContext,
  importNumber: number,
  decision: { confirmation: 0 | 1; excludeUsers: readonly number[] },
  expectedMode?: imports.ImportMode,
): Promise<imports.ImportResult> {
  return ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, importNumber);
    if (!batch || batch.createdById !== ctx.actor.id || !(await canReachSchool({ db: tx, actor: ctx.actor }, batch.uai))) throw importNotFound();
    const mode = batch.mode as imports.ImportMode;
    if (expectedMode && mode !== expectedMode) throw new AppError('bad_request', `Import ${importNumber} is a ${mode} import`, { reason: 'import_wrong_mode', params: { mode } });
    if (batch.status !== 'verified') throw new AppError('conflict', `Import ${importNumber} is ${batch.status}`, { reason: 'import_not_pending', params: { status: batch.status } });
    if (mode === 'teaching') requireRight(ctx.actor, 'adminTabs', 'Lecture');
    const plan = await readPlan(tx, batch.id);
    const excluded = new Set(decision.excludeUsers);
    const counts = { created: 0, updated: 0, unchanged: 0, teaching: 0, excluded: 0 };
    const lines = plan.lines.map((line) => {
      const outcome = outcomeOf(line, decision.confirmation === 0 || excluded.has(line.line));
      counts[outcome] += 1;
      return { line: line.line, outcome, userId: 'userId' in line ? line.userId : null, login: 'fields' in line && line.fields.login ? line.fields.login : 'login' in line ? line.login : '' };
    });
    if (decision.confirmation === 0) {
      await decideBatch(tx, batch.id, { status: 'cancelled' });
      await writeAudit(tx, { actor: ctx.actor, action: 'import_cancel', entity: 'import', entityId: batch.id, uai: batch.uai, after: { mode } });
      return { importNumber: batch.id, mode, status: 'cancelled', counts, lines };
    }

    const kept = plan.lines.filter((line) => !excluded.has(line.line));
    const named = kept.filter((line): line is PlannedUpdate | PlannedTeaching => line.kind !== 'create');
    const { locked, gone } = await lockNamedUsers(tx, batch.uai, named);
    const stale = [...gone, ...(await loginsTakenSince(tx, kept, locked))];
    if (stale.length > 0) throw importStale(stale.sort((a, b) => a.line - b.line));

    const creates = await applyCreates(
      tx,
      ctx,
      batch,
      kept.filter((line): line is PlannedCreate => line.kind === 'create'),
    );
    const updates = await applyUpdates(
      tx,
      ctx,
      batch,
      kept.filter((line): line is PlannedUpdate => 'fields' in line && line.kind !== 'create'),
      locked,
    );
    await insertTeaching(
      tx,
      kept.filter((line): line is PlannedTeaching => line.kind === 'teaching'),
      batch.id,
    );
    for (const line of lines) if (line.outcome === 'created') line.userId = creates.ids.get(line.line) ?? null;
    const undo: ImportUndo = {
      createdUserIds: [...creates.ids.values()],
      createdOptionIds: [...creates.createdOptionIds, ...updates.createdOptionIds],
      updates: updates.undo,
    };
    await decideBatch(tx, batch.id, { status: 'applied', counts, undo });
    await writeAudit(tx, { actor: ctx.actor, action: 'import_apply', entity: 'import', entityId: batch.id, uai: batch.uai, after: { mode, counts } });
    return { importNumber: batch.id, mode, status: 'applied', counts, lines };
  });
}
