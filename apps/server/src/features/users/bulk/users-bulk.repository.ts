import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import type { StoredAccess } from './users-undo.policy.js';
import { jsonRows } from '#platform/db/params.js';

/**
 * The set-based SQL of bulk changes and their undo: each write is one statement whatever the
 * number of users (rows passed as one json parameter and read with json_to_recordset).
 */

/** The users columns a std change writes, with the SQL type of their values. */
export const STD_COLUMN_SQL = {
  comment: { column: 'comment', type: 'text' },
  subject: { column: 'subject', type: 'text' },
  className: { column: 'class_name', type: 'text' },
  level: { column: 'level', type: 'text' },
  profile: { column: 'profile_id', type: 'int' },
  adminMode: { column: 'admin_mode', type: 'int' },
} as const;

/** Sets one column of some users, each to its own value, and marks them edited by `editor`. */
export async function writeUserColumn(
  executor: Executor,
  column: keyof typeof STD_COLUMN_SQL,
  values: readonly { id: number; value: string | number | null }[],
  editor: string,
): Promise<void> {
  if (values.length === 0) return;
  const target = STD_COLUMN_SQL[column];
  await executor.execute(sql`
    update users as u
    set ${sql.identifier(target.column)} = v.value, updated_at = now(), updated_by = ${editor}
    from json_to_recordset(${jsonRows(values)}) as v(id int, value ${sql.raw(target.type)})
    where u.id = v.id`);
}

/** Some users' accesses to one application as stored, keyed by user (absent: no access row). */
export async function listAccesses(
  executor: Executor,
  userIds: readonly number[],
  applicationId: number,
): Promise<Map<number, StoredAccess>> {
  const result = await executor.execute<{
    user_id: number;
    status: number;
    login: string | null;
    password_encrypted: string | null;
    keys: string | null;
    valid_token: string | null;
    token_checked_at: Date | string | null;
  }>(sql`
    select user_id, status, login, password_encrypted, keys, valid_token, token_checked_at
    from user_applications
    where application_id = ${applicationId} and user_id = any(${sql.param([...userIds])}::int[])`);
  return new Map(
    result.rows.map((row) => [
      row.user_id,
      {
        status: row.status,
        login: row.login,
        passwordEncrypted: row.password_encrypted,
        keys: row.keys,
        validToken: row.valid_token,
        tokenCheckedAt: row.token_checked_at === null ? null : new Date(row.token_checked_at).toISOString(),
      },
    ]),
  );
}

/** Writes some users' accesses to one application as given (inserted or replaced), one statement. */
export async function upsertAccesses(
  executor: Executor,
  applicationId: number,
  rows: readonly { id: number; access: StoredAccess }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((row) => ({ user_id: row.id, ...row.access }));
  await executor.execute(sql`
    insert into user_applications (user_id, application_id, status, login, password_encrypted, keys, valid_token, token_checked_at)
    select r.user_id, ${applicationId}, r.status, r.login, r."passwordEncrypted", r.keys, r."validToken", r."tokenCheckedAt"
    from json_to_recordset(${jsonRows(values)})
      as r(user_id int, status smallint, login text, "passwordEncrypted" text, keys text, "validToken" text, "tokenCheckedAt" timestamptz)
    on conflict (user_id, application_id) do update set
      status = excluded.status, login = excluded.login, password_encrypted = excluded.password_encrypted, keys = excluded.keys,
      valid_token = excluded.valid_token, token_checked_at = excluded.token_checked_at`);
}

/** Deletes some users' access rows to one application. */
export async function deleteAccesses(executor: Executor, applicationId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await executor.execute(sql`
    delete from user_applications where application_id = ${applicationId} and user_id = any(${sql.param([...userIds])}::int[])`);
}

/** Marks some users edited by `editor` (a change of their options or applications). */
export async function markUsersEdited(executor: Executor, userIds: readonly number[], editor: string): Promise<void> {
  if (userIds.length === 0) return;
  await executor.execute(
    sql`update users set updated_at = now(), updated_by = ${editor} where id = any(${sql.param([...userIds])}::int[])`,
  );
}
