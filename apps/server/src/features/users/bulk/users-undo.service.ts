import { writeAuditEntries, type AuditEntry } from '#platform/audit/audit.js';
import { hashToken, randomToken } from '#platform/auth/secrets.js';
import { editorLabel, type Actor, type ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { AppError } from '#platform/errors/app-error.js';
import { lockManageableUsers, type UserRecord } from '#platform/auth/access.js';
import { auditAccesses } from './users-bulk.applications.js';
import { stdValueOf, writeFieldValues } from './users-bulk.fields.js';
import { auditOptionLists } from './users-bulk.options.js';
import { deleteAccesses, listAccesses, markUsersEdited, upsertAccesses } from './users-bulk.repository.js';
import { deleteUnusedOptions, listOptionLists, writeOptionLists } from '../options.repository.js';
import { findApplicationWithPlatform } from '../user-catalogue.repository.js';
import { undoEntryStateOf, undoExpiryOf, undoPayloadSchema, usersOfUndo, type UndoPayload } from './users-undo.policy.js';
import { deleteUndoEntry, findUndoEntryForUpdate, insertUndoEntry } from './users-undo.repository.js';

/**
 * Keeps what a bulk change replaced so that its author may put it back until the window ends.
 * Answers the token to give the client (only its hash is stored) and the expiry.
 */
export async function saveUndoEntry(
  tx: Executor,
  actor: Actor,
  payload: UndoPayload,
  uai: string | null,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = undoExpiryOf(now);
  await insertUndoEntry(tx, { id: hashToken(token), actorId: actor.id, uai, createdAt: now, expiresAt, payload });
  return { token, expiresAt };
}

/** Writes the previous values back and answers the audit entries (before: now, after: restored). */
async function restore(
  tx: Executor,
  ctx: ServiceContext,
  payload: UndoPayload,
  current: readonly UserRecord[],
): Promise<AuditEntry[]> {
  const byId = new Map(current.map((user) => [user.id, user]));
  const ids = usersOfUndo(payload);
  switch (payload.kind) {
    case 'fields':
      return writeFieldValues(
        tx,
        ctx,
        payload.column,
        payload.users.map((entry) => {
          const user = byId.get(entry.id)!;
          return { user, before: stdValueOf(user, payload.column), after: entry.value };
        }),
        'bulk_undo',
      );
    case 'options': {
      const lists = await listOptionLists(tx, ids);
      await writeOptionLists(
        tx,
        payload.users.map((entry) => ({ id: entry.id, before: lists.get(entry.id)!, after: entry.options })),
      );
      await deleteUnusedOptions(tx, payload.createdOptionIds);
      await markUsersEdited(tx, ids, editorLabel(ctx.actor));
      return auditOptionLists(
        ctx,
        'bulk_undo',
        payload.users.map((entry) => ({ user: byId.get(entry.id)!, before: lists.get(entry.id)!, after: entry.options })),
      );
    }
    case 'applications': {
      const accesses = await listAccesses(tx, ids, payload.applicationId);
      const application = await findApplicationWithPlatform(tx, payload.applicationId);
      await deleteAccesses(
        tx,
        payload.applicationId,
        payload.users.filter((entry) => entry.access === null).map((entry) => entry.id),
      );
      await upsertAccesses(
        tx,
        payload.applicationId,
        payload.users.flatMap((entry) => (entry.access ? [{ id: entry.id, access: entry.access }] : [])),
      );
      await markUsersEdited(tx, ids, editorLabel(ctx.actor));
      return auditAccesses(
        ctx,
        'bulk_undo',
        application?.name ?? String(payload.applicationId),
        payload.users.map((entry) => ({
          user: byId.get(entry.id)!,
          before: accesses.get(entry.id) ?? null,
          after: entry.access,
        })),
      );
    }
  }
}

/**
 * Puts back the values a bulk change replaced, in one transaction, and forgets the entry.
 * Throws `not_found` for an unknown token or another caller's, `conflict` once the window is
 * over, `not_found` when one of its users is no longer within the caller's reach, and `forbidden`
 * when the caller may no longer act on one of them.
 */
export async function undoBulkUpdate(ctx: ServiceContext, token: string, now = new Date()): Promise<{ count: number }> {
  return ctx.db.transaction(async (tx) => {
    const entry = await findUndoEntryForUpdate(tx, hashToken(token));
    const state = undoEntryStateOf(entry, ctx.actor.id, now);
    if (state === 'unknown') throw new AppError('not_found', 'No change to undo with this token', { reason: 'undo_unknown' });
    if (state === 'expired')
      throw new AppError('conflict', 'The time to undo this change has passed', { reason: 'undo_expired' });
    const payload = undoPayloadSchema.parse(entry!.payload);
    const current = await lockManageableUsers(tx, ctx.actor, usersOfUndo(payload));
    const audit = await restore(tx, ctx, payload, current);
    await deleteUndoEntry(tx, entry!.id);
    await writeAuditEntries(tx, audit);
    return { count: payload.users.length };
  });
}
