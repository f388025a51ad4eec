import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { intArray, jsonRows } from '#platform/db/params.js';

/**
 * The set-based SQL of a rollback: each write is one statement whatever the number of users,
 * rows passed as one json parameter (as the apply writes them, confirm/apply-*.ts).
 */

/**
 * The users columns an update import replaces and keeps in its undo (confirm/apply-updates.ts),
 * by their database names: the only ones a rollback writes back, whatever the undo holds.
 */
const RESTORABLE_COLUMNS = [
  'profile_id',
  'firstname',
  'lastname',
  'login',
  'password_hash',
  'password_encrypted',
  'level',
  'class_name',
  'subject',
  'email',
  'comment',
  'tablet_number',
  'admin_mode',
  'import_number',
  'updated_at',
  'updated_by',
] as const;

/** What the audit log keeps of a user a rollback removes: who they were, never a secret. */
export type RemovedUser = {
  id: number;
  uai: string | null;
  login: string;
  firstname: string;
  lastname: string;
  profile_id: number;
  level: string | null;
  class_name: string | null;
};

const REMOVED_COLUMNS = sql`uai, login, firstname, lastname, profile_id, level, class_name`;

/**
 * Deletes users for good, those that still exist. Every table that references users cascades or
 * sets null (options, accesses, sessions, devices, teaching, managed schools, idempotent
 * requests; authors of batches, workflows and purge tasks), so the delete cannot fail on a key.
 */
export async function deleteUsers(tx: Executor, userIds: readonly number[]): Promise<RemovedUser[]> {
  if (userIds.length === 0) return [];
  const result = await tx.execute<RemovedUser>(
    sql`delete from users where id = any(${intArray(userIds)}) returning id, ${REMOVED_COLUMNS}`,
  );
  return result.rows;
}

/** Deletes the bin's records of users, so that none of them can be restored afterwards. */
export async function deleteBinnedUsers(tx: Executor, userIds: readonly number[]): Promise<RemovedUser[]> {
  if (userIds.length === 0) return [];
  const result = await tx.execute<RemovedUser>(
    sql`delete from deleted_users where user_id = any(${intArray(userIds)}) returning user_id as id, ${REMOVED_COLUMNS}`,
  );
  return result.rows;
}

/**
 * Locks those of the users that still exist, and answers each one's row as stored, as JSON
 * (timestamps as text with their microseconds), keyed by id.
 */
export async function lockUserRows(tx: Executor, userIds: readonly number[]): Promise<Map<number, Record<string, unknown>>> {
  if (userIds.length === 0) return new Map();
  const result = await tx.execute<{ id: number; row: Record<string, unknown> }>(sql`
    select u.id, to_jsonb(u) as row from users u where u.id = any(${intArray(userIds)}) order by u.id for update`);
  return new Map(result.rows.map((row) => [row.id, row.row]));
}

/**
 * Of the logins to give back to users, those another account holds, live or in the bin (compared
 * in lower case, as the unique index does): giving them back would break the index.
 */
export async function findLoginsHeldByOthers(tx: Executor, wanted: readonly { id: number; login: string }[]): Promise<string[]> {
  if (wanted.length === 0) return [];
  const result = await tx.execute<{ login: string }>(sql`
    select w.login from json_to_recordset(${jsonRows(wanted)}) as w(id int, login text)
    where exists (select 1 from users u where lower(u.login) = lower(w.login) and u.id <> w.id)
      or exists (select 1 from deleted_users d where lower(d.login) = lower(w.login) and d.user_id <> w.id)
    order by w.login`);
  return result.rows.map((row) => row.login);
}

/**
 * Writes back users' columns as an undo keeps them (by database name, in JSON), one statement:
 * `jsonb_populate_record` reads each value as its column's type (a timestamp's text included)
 * and leaves the columns a user's entry does not name as they are.
 */
export async function restoreUserColumns(
  tx: Executor,
  rows: readonly { id: number; columns: Record<string, unknown> }[],
): Promise<void> {
  if (rows.length === 0) return;
  const targets = sql.join(
    RESTORABLE_COLUMNS.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const sources = sql.join(
    RESTORABLE_COLUMNS.map((column) => sql`p.${sql.identifier(column)}`),
    sql`, `,
  );
  await tx.execute(sql`
    update users u set (${targets}) = (select ${sources} from jsonb_populate_record(u, r.columns) p)
    from json_to_recordset(${jsonRows(rows)}) as r(id int, columns jsonb)
    where u.id = r.id`);
}

/**
 * Puts accesses back as they were: the rows given (whole, as `to_jsonb` kept them: credentials,
 * token status and its date) inserted or replaced, the keys given deleted. Accesses to an
 * application removed since are left out.
 */
export async function restoreAccesses(
  tx: Executor,
  accesses: { rows: readonly Record<string, unknown>[]; absent: readonly { userId: number; applicationId: number }[] },
): Promise<void> {
  if (accesses.absent.length > 0) {
    await tx.execute(sql`
      delete from user_applications ua using json_to_recordset(${jsonRows(accesses.absent)}) as k("userId" int, "applicationId" int)
      where ua.user_id = k."userId" and ua.application_id = k."applicationId"`);
  }
  if (accesses.rows.length === 0) return;
  await tx.execute(sql`
    insert into user_applications (user_id, application_id, status, login, password_encrypted, keys, valid_token, token_checked_at)
    select r.user_id, r.application_id, r.status, r.login, r.password_encrypted, r.keys, r.valid_token, r.token_checked_at
    from json_populate_recordset(null::user_applications, ${jsonRows(accesses.rows)}) as r
    where exists (select 1 from applications a where a.id = r.application_id)
    on conflict (user_id, application_id) do update set
      status = excluded.status, login = excluded.login, password_encrypted = excluded.password_encrypted, keys = excluded.keys,
      valid_token = excluded.valid_token, token_checked_at = excluded.token_checked_at`);
}

/** Deletes the teaching assignments an import added (those held before it kept their own number). */
export async function deleteTeachingOfImport(tx: Executor, importNumber: number): Promise<number> {
  const result = await tx.execute<{ user_id: number }>(
    sql`delete from teaching_assignments where import_number = ${importNumber} returning user_id`,
  );
  return result.rows.length;
}
