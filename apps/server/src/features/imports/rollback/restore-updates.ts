import { auditUserChanges, type AuditEntry } from '#platform/audit/audit.js';
import type { Executor } from '#platform/db/client.js';
import { AppError } from '#platform/errors/app-error.js';
import { listOptionLists, writeOptionLists } from '#features/users/options.repository.js';
import type { UpdateUndo } from '../plan.js';
import { findLoginsHeldByOthers, lockUserRows, restoreAccesses, restoreUserColumns } from './rollback.repository.js';

/** Columns the audit log never shows: secrets, and the bookkeeping of the last edit. */
const NOT_AUDITED = new Set(['password_hash', 'password_encrypted', 'updated_at', 'updated_by']);

const camelCase = (column: string) => column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** Some columns of a stored row, under the names the audit log uses, without a secret. */
function auditedColumns(columns: Record<string, unknown>, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(columns)
      .filter((column) => !NOT_AUDITED.has(column))
      .map((column) => [camelCase(column), row[column] ?? null]),
  );
}

/**
 * Puts back what an update import replaced, in the caller's transaction: each user's columns as
 * they were (by one statement), their option list where the import changed it, and each access
 * it touched as its whole row (or none). Users deleted since are left out. Answers one audit
 * entry per user restored (before: as they are now; after: as restored; a password is named,
 * never written). Throws `conflict` (`import_rollback_login_taken`) when a login to give back is
 * another account's now: nothing is written then.
 */
export async function restoreUpdatedUsers(
  tx: Executor,
  actor: AuditEntry['actor'],
  undo: readonly UpdateUndo[],
): Promise<AuditEntry[]> {
  if (undo.length === 0) return [];
  const current = await lockUserRows(
    tx,
    undo.map((entry) => entry.userId),
  );
  const kept = undo.filter((entry) => current.has(entry.userId));
  const logins = kept.flatMap((entry) =>
    typeof entry.columns.login === 'string' ? [{ id: entry.userId, login: entry.columns.login }] : [],
  );
  const taken = await findLoginsHeldByOthers(tx, logins);
  if (taken.length > 0) {
    throw new AppError('conflict', `Logins another account holds now: ${taken.join(', ')}`, {
      reason: 'import_rollback_login_taken',
      params: { login: taken[0]!, count: taken.length },
    });
  }

  await restoreUserColumns(
    tx,
    kept.map((entry) => ({ id: entry.userId, columns: entry.columns })),
  );
  const withOptions = kept.filter((entry) => entry.options !== null);
  const optionsNow = await listOptionLists(
    tx,
    withOptions.map((entry) => entry.userId),
  );
  await writeOptionLists(
    tx,
    withOptions.map((entry) => ({ id: entry.userId, before: optionsNow.get(entry.userId) ?? [], after: entry.options! })),
  );
  await restoreAccesses(tx, {
    rows: kept.flatMap((entry) => entry.accesses.flatMap((access) => (access.before === null ? [] : [access.before]))),
    absent: kept.flatMap((entry) =>
      entry.accesses
        .filter((access) => access.before === null)
        .map((access) => ({ userId: entry.userId, applicationId: access.applicationId })),
    ),
  });

  return auditUserChanges(
    actor,
    'import_rollback',
    kept.map((entry) => {
      const row = current.get(entry.userId)!;
      const options =
        entry.options === null
          ? null
          : {
              before: (optionsNow.get(entry.userId) ?? []).map((option) => option.name),
              after: entry.options.map((option) => option.name),
            };
      const passwordRestored = 'password_hash' in entry.columns || 'password_encrypted' in entry.columns;
      return {
        id: entry.userId,
        uai: typeof row.uai === 'string' ? row.uai : null,
        before: { ...auditedColumns(entry.columns, row), ...(options && { options: options.before }) },
        after: {
          ...auditedColumns(entry.columns, entry.columns),
          ...(passwordRestored && { passwordRestored: true }),
          ...(options && { options: options.after }),
          // The access as restored: its status, or null for no access; never its credentials.
          applications: entry.accesses.map((access) => ({
            applicationId: access.applicationId,
            status: access.before?.status ?? null,
          })),
        },
      };
    }),
  );
}
