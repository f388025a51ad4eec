import { imports } from '@console/contract';
import { auditUserChanges, writeAuditEntries, type AuditEntry } from '#platform/audit/audit.js';
import { canReachSchool } from '#platform/auth/access.js';
import { requireRight } from '#platform/auth/rights.js';
import type { ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { AppError } from '#platform/errors/app-error.js';
import { deleteUnusedOptions } from '#features/users/options.repository.js';
import { lockBatch } from '../imports.repository.js';
import { emptyUndo, type ImportUndo } from '../plan.js';
import { presentHistoryEntry } from './history.presenter.js';
import { markBatchRolledBack } from './history.repository.js';
import { restoreUpdatedUsers } from './restore-updates.js';
import { deleteBinnedUsers, deleteTeachingOfImport, deleteUsers, type RemovedUser } from './rollback.repository.js';
import { rollbackRefusalOf } from './rollback.policy.js';

const importNotFound = () => new AppError('not_found', 'No such import');

/**
 * Removes the users an import created, for good: those live, and those binned since (whose
 * restore would bring back a user of a rolled-back import). Answers their audit entries.
 */
async function removeCreatedUsers(
  tx: Executor,
  actor: AuditEntry['actor'],
  importNumber: number,
  userIds: readonly number[],
): Promise<AuditEntry[]> {
  const removed = [...(await deleteUsers(tx, userIds)), ...(await deleteBinnedUsers(tx, userIds))];
  return auditUserChanges(
    actor,
    'import_rollback',
    removed.map((user: RemovedUser) => ({
      id: user.id,
      uai: user.uai,
      before: {
        importNumber,
        login: user.login,
        firstname: user.firstname,
        lastname: user.lastname,
        profileId: user.profile_id,
        level: user.level,
        className: user.class_name,
      },
      after: null,
    })),
  );
}

/**
 * Takes back what an import wrote, in the caller's transaction: the teaching assignments it added,
 * the users it created, what its updates replaced, and the options it created that nobody holds
 * any more. Serves the rollback of an applied import and the taking back of a stepped confirmation
 * that failed (confirm/apply-in-steps.ts). Answers the users' audit entries, to write.
 */
export async function takeBackImport(
  tx: Executor,
  actor: AuditEntry['actor'],
  importNumber: number,
  undo: ImportUndo,
): Promise<{ removed: AuditEntry[]; restored: AuditEntry[]; teachingRemoved: number }> {
  const teachingRemoved = await deleteTeachingOfImport(tx, importNumber);
  const removed = await removeCreatedUsers(tx, actor, importNumber, undo.createdUserIds);
  const restored = await restoreUpdatedUsers(tx, actor, undo.updates);
  await deleteUnusedOptions(tx, undo.createdOptionIds);
  return { removed, restored, teachingRemoved };
}

/**
 * Rolls back an applied import as one batch, in one transaction with the batch locked (two
 * rollbacks of one import run once): the users it created are removed, what its updates replaced
 * is restored (columns, options, accesses), the teaching assignments it added are removed, and
 * the options it created that nobody holds any more go too. Only its author rolls it back, within
 * a school they still reach (else 404, as for an unknown number); a teaching import also needs
 * adminTabs (403). Throws `conflict` with `import_not_applied` (verified, cancelled or rolled back
 * already), `import_rollback_expired` (applied more than ROLLBACK_DAYS ago), or
 * `import_rollback_login_taken` (see restoreUpdatedUsers): nothing is written then.
 */
export async function rollBackImport(
  ctx: ServiceContext,
  importNumber: number,
  now = new Date(),
): Promise<imports.ImportHistoryEntry> {
  return ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, importNumber);
    if (!batch || batch.createdById !== ctx.actor.id || !(await canReachSchool({ db: tx, actor: ctx.actor }, batch.uai)))
      throw importNotFound();
    if (batch.mode === 'teaching') requireRight(ctx.actor, 'adminTabs', 'Lecture');
    const refusal = rollbackRefusalOf(batch, now);
    if (refusal === 'import_not_applied') {
      throw new AppError('conflict', `Import ${importNumber} is ${batch.status}`, {
        reason: refusal,
        params: { status: batch.status },
      });
    }
    if (refusal === 'import_rollback_expired') {
      throw new AppError('conflict', `Import ${importNumber} was applied more than ${imports.ROLLBACK_DAYS} days ago`, {
        reason: refusal,
        params: { days: imports.ROLLBACK_DAYS },
      });
    }

    const undo = (batch.undo as ImportUndo | null) ?? emptyUndo();
    const { removed, restored, teachingRemoved } = await takeBackImport(tx, ctx.actor, batch.id, undo);
    const row = await markBatchRolledBack(tx, batch.id, now);
    await writeAuditEntries(tx, [
      ...removed,
      ...restored,
      {
        actor: ctx.actor,
        action: 'import_rollback',
        entity: 'import',
        entityId: batch.id,
        uai: batch.uai,
        before: { status: batch.status },
        after: {
          mode: batch.mode,
          status: row.status,
          removedUsers: removed.length,
          restoredUsers: restored.length,
          removedTeaching: teachingRemoved,
        },
      },
    ]);
    return presentHistoryEntry(row, ctx.actor, now);
  });
}
