import { profileNameOf, users as contract, type BinnedUser } from '@console/contract';
import { auditUserChanges, writeAuditEntries } from '#platform/audit/audit.js';
import { assertMayActOnUsers, lockManageableUsers, requireReachableSchool, userNotFound } from '#platform/auth/access.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import type { Database } from '#platform/db/client.js';
import { AppError } from '#platform/errors/app-error.js';
import {
  deleteBinnedBefore,
  listBinnedUsers,
  listTakenLogins,
  lockReachableBinnedUsers,
  moveUsersToBin,
  restoreUsersFromBin,
  type BinRow,
} from './users-bin.repository.js';
import { deleteExpiredUndoEntries } from '../bulk/users-undo.repository.js';

const DAY_MS = 86_400_000;

/** When a user deleted at `deletedAt` leaves the bin for good. */
export function purgeDateOf(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + contract.BIN_RETENTION_DAYS * DAY_MS);
}

/** Who a user is, as the audit log names them (never a secret). */
function summaryOf(
  row: { login: string; firstname: string; lastname: string; uai: string | null; level: string | null },
  profileId: number,
  className: string | null,
) {
  return {
    login: row.login,
    firstname: row.firstname,
    lastname: row.lastname,
    profile: profileNameOf(profileId) ?? null,
    uai: row.uai,
    level: row.level,
    className,
  };
}

/**
 * Moves disabled users to the bin (kept BIN_RETENTION_DAYS, then purged), in one transaction.
 * Throws `forbidden` when the caller is among them or may not act on one of them, `not_found`
 * when any is out of reach,
 * `conflict` when any is still active (then nobody is deleted).
 */
export async function deleteUsers(ctx: ServiceContext, ids: readonly number[], now = new Date()): Promise<{ count: number }> {
  if (ids.includes(ctx.actor.id)) throw new AppError('forbidden', 'Nobody deletes their own account', { reason: 'self_delete' });
  return ctx.db.transaction(async (tx) => {
    const selected = await lockManageableUsers(tx, ctx.actor, ids);
    if (selected.some((user) => !user.disabled))
      throw new AppError('conflict', 'Only disabled users can be deleted', { reason: 'not_disabled' });
    await moveUsersToBin(
      tx,
      selected.map((user) => user.id),
      editorLabel(ctx.actor),
      now,
    );
    await writeAuditEntries(
      tx,
      auditUserChanges(
        ctx.actor,
        'delete',
        selected.map((user) => ({
          id: user.id,
          uai: user.uai,
          before: summaryOf(user, user.profileId, user.className),
          after: { inBin: true, purgeAt: purgeDateOf(now).toISOString() },
        })),
      ),
    );
    return { count: selected.length };
  });
}

function presentBinnedUser(row: BinRow): BinnedUser {
  const deletedAt = new Date(row.deleted_at);
  return {
    id: row.user_id,
    login: row.login,
    firstname: row.firstname,
    lastname: row.lastname,
    profile: profileNameOf(row.profile_id) ?? 'Eleve',
    level: row.level,
    className: row.class_name,
    deletedAt: deletedAt.toISOString(),
    deletedBy: row.deleted_by,
    purgeAt: purgeDateOf(deletedAt).toISOString(),
  };
}

/** A school's users in the bin, newest first. Throws `not_found` for a school out of reach or unknown. */
export async function listBin(ctx: ServiceContext, uai: string): Promise<{ users: BinnedUser[] }> {
  await requireReachableSchool(ctx, uai);
  return { users: (await listBinnedUsers(ctx.db, uai)).map(presentBinnedUser) };
}

/**
 * Brings users back from the bin with the same ids and everything they had, in one transaction.
 * Throws `not_found` when any id is not in the bin of a school the caller reaches, `forbidden`
 * when the caller may not act on one of them (platform/auth/access.ts), `conflict`
 * (fieldErrors `ids.<index>`) when a live user now has one's login; then nobody is restored.
 */
export async function restoreUsers(ctx: ServiceContext, ids: readonly number[]): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    const rows = await lockReachableBinnedUsers(tx, ctx.actor, unique);
    if (rows.length !== unique.length) throw userNotFound();
    await assertMayActOnUsers(
      tx,
      ctx.actor,
      rows.map((row) => ({ id: row.user_id, profileId: row.profile_id })),
      'bin',
    );
    const taken = new Set(await listTakenLogins(tx, unique));
    if (taken.size > 0) {
      const fieldErrors = Object.fromEntries(
        ids.flatMap((id, index) => (taken.has(id) ? [[`ids.${index}`, [contract.USERNAME_TAKEN]]] : [])),
      );
      throw new AppError('conflict', 'A user with this login exists', { reason: 'username_taken', fieldErrors });
    }
    await restoreUsersFromBin(tx, unique);
    await writeAuditEntries(
      tx,
      auditUserChanges(
        ctx.actor,
        'restore',
        rows.map((row) => ({
          id: row.user_id,
          uai: row.uai,
          before: { inBin: true },
          after: summaryOf(row, row.profile_id, row.class_name),
        })),
      ),
    );
    return { count: rows.length };
  });
}

/**
 * Removes for good the users in the bin for more than BIN_RETENTION_DAYS at `now`, and the
 * expired undo entries. Idempotent, so that every instance may run it on its own schedule.
 */
export async function purgeBin(db: Database, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const purged = await deleteBinnedBefore(tx, new Date(now.getTime() - contract.BIN_RETENTION_DAYS * DAY_MS));
    await deleteExpiredUndoEntries(tx, now);
    await writeAuditEntries(
      tx,
      auditUserChanges(
        null,
        'purge',
        purged.map((row) => ({ id: row.user_id, uai: row.uai, before: { login: row.login, inBin: true } })),
      ),
    );
  });
}
