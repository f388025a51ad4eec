import type { BulkUpdate } from '@console/contract';
import { writeAuditEntries } from '#platform/audit/audit.js';
import { requireRight } from '#platform/auth/rights.js';
import type { ServiceContext } from '#platform/context.js';
import { lockManageableUsers } from '#platform/auth/access.js';
import { changeApplication } from './users-bulk.applications.js';
import { changeField } from './users-bulk.fields.js';
import { changeOptions } from './users-bulk.options.js';
import { bulkRightAreaOf, type BulkOutcome } from './users-bulk.policy.js';
import { saveUndoEntry } from './users-undo.service.js';

export type BulkAnswer = { count: number; undoToken: string | null; undoExpiresAt: string | null };

/**
 * One bulk change (std, opt or app) on the selected users, in one transaction: every selected
 * user changes or none does. Throws `forbidden` without the change's own right at Ecriture,
 * `not_found` when any id is out of the caller's reach, `forbidden` when the caller may not act
 * on one of them, `validation_failed` when the value or
 * one user's credentials are refused. Answers the number of users changed and an undo token
 * (null when nothing changed).
 */
export async function bulkUpdateUsers(ctx: ServiceContext, update: BulkUpdate, now = new Date()): Promise<BulkAnswer> {
  requireRight(ctx.actor, bulkRightAreaOf(update), 'Ecriture');
  return ctx.db.transaction(async (tx) => {
    const selected = await lockManageableUsers(tx, ctx.actor, update.ids);
    let outcome: BulkOutcome;
    switch (update.type) {
      case 'std':
        outcome = await changeField(tx, ctx, selected, update);
        break;
      case 'opt':
        outcome = await changeOptions(tx, ctx, selected, update);
        break;
      case 'app':
        outcome = await changeApplication(tx, ctx, selected, update);
        break;
    }
    const count = outcome.payload.users.length;
    if (count === 0) return { count, undoToken: null, undoExpiresAt: null };
    await writeAuditEntries(tx, outcome.audit);
    const uais = new Set(selected.map((user) => user.uai));
    const undo = await saveUndoEntry(tx, ctx.actor, outcome.payload, uais.size === 1 ? [...uais][0]! : null, now);
    return { count, undoToken: undo.token, undoExpiresAt: undo.expiresAt.toISOString() };
  });
}
