import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { jsonRows } from '#platform/db/params.js';
import type { SchoolUserRow } from '../imports.repository.js';
import type { PlannedAccess, PlannedFields } from '../plan.js';

/**
 * The SQL a confirmation writes with (confirm/apply-*.ts decide what): each statement takes all
 * its rows at once as one JSON parameter (json_to_recordset), whatever the number of lines.
 */

/** A user an update import changes, locked, as they were before it. */
export type LockedUser = SchoolUserRow & { password_hash: string | null; updated_at: string | null; updated_by: string | null };

/** A new user's row as an import inserts it: the planned columns, the password stored as the profile wants, a sign-in link token. */
export type ImportedUserRow = Omit<PlannedFields, 'passwordEncrypted'> & {
  passwordHash: string | null;
  passwordEncrypted: string | null;
  linkToken: string;
};

/** An update's row: the user's id and only the columns that change (absent ones keep their value). */
export type UpdatedUserRow = { id: number } & Partial<Omit<PlannedFields, 'passwordEncrypted'>> & {
    passwordEncrypted?: string;
    passwordHash?: string;
  };

/** A user's access to an application, by its two keys. */
export type AccessKey = { userId: number; applicationId: number };

/** Locks some users of a school, as they are now, by id (those gone or in another school are absent). */
export async function lockSchoolUsers(tx: Executor, uai: string, ids: readonly number[]): Promise<LockedUser[]> {
  const result = await tx.execute<LockedUser>(sql`
    select id, profile_id, login, firstname, lastname, password_hash, password_encrypted, level, class_name, subject, email, comment,
      tablet_number, admin_mode, import_number, updated_at, updated_by
    from users where uai = ${uai} and id = any(${sql.param(ids)}::int[]) order by id for update`);
  return result.rows;
}

/** Inserts an import's new users, with its number and their author; answers each new id with its login. */
export async function insertImportedUsers(
  tx: Executor,
  batch: { id: number; uai: string },
  createdBy: string,
  rows: readonly ImportedUserRow[],
): Promise<{ id: number; login: string }[]> {
  const inserted = await tx.execute<{ id: number; login: string }>(sql`
    insert into users (uai, profile_id, firstname, lastname, login, password_hash, password_encrypted, level, class_name, subject,
      email, comment, tablet_number, admin_mode, import_number, link_token, created_by)
    select ${batch.uai}, r."profileId", r.firstname, r.lastname, r.login, r."passwordHash", r."passwordEncrypted", r.level, r."className",
      r.subject, r.email, r.comment, r."tabletNumber", r."adminMode", ${batch.id}, r."linkToken", ${createdBy}
    from json_to_recordset(${jsonRows(rows)}) as r("profileId" int, firstname text, lastname text, login text,
      "passwordHash" text, "passwordEncrypted" text, level text, "className" text, subject text, email text, comment text,
      "tabletNumber" text, "adminMode" smallint, "linkToken" text)
    returning id, login`);
  return inserted.rows;
}

/** Writes an update import's changed columns, marking each user with the import's number and the editor. */
export async function updateImportedUsers(
  tx: Executor,
  importNumber: number,
  updatedBy: string,
  rows: readonly UpdatedUserRow[],
): Promise<void> {
  await tx.execute(sql`
    update users u set
      profile_id = coalesce(r."profileId", u.profile_id), firstname = coalesce(r.firstname, u.firstname),
      lastname = coalesce(r.lastname, u.lastname), login = coalesce(r.login, u.login), level = coalesce(r.level, u.level),
      class_name = coalesce(r."className", u.class_name), subject = coalesce(r.subject, u.subject), email = coalesce(r.email, u.email),
      comment = coalesce(r.comment, u.comment), tablet_number = coalesce(r."tabletNumber", u.tablet_number),
      admin_mode = coalesce(r."adminMode", u.admin_mode), password_encrypted = coalesce(r."passwordEncrypted", u.password_encrypted),
      password_hash = coalesce(r."passwordHash", u.password_hash), import_number = ${importNumber}, updated_at = now(),
      updated_by = ${updatedBy}
    from json_to_recordset(${jsonRows(rows)}) as r(id int, "profileId" int, firstname text, lastname text, login text, level text,
      "className" text, subject text, email text, comment text, "tabletNumber" text, "adminMode" smallint, "passwordEncrypted" text,
      "passwordHash" text)
    where u.id = r.id`);
}

/** The rows of some accesses as they are (the whole row, for the rollback), keyed `userId.applicationId`. */
export async function readAccessRows(tx: Executor, keys: readonly AccessKey[]): Promise<Map<string, Record<string, unknown>>> {
  const result = await tx.execute<{ user_id: number; application_id: number; row: Record<string, unknown> }>(sql`
    select ua.user_id, ua.application_id, to_jsonb(ua) as row from user_applications ua
    join json_to_recordset(${jsonRows(keys)}) as k("userId" int, "applicationId" int)
      on ua.user_id = k."userId" and ua.application_id = k."applicationId"`);
  return new Map(result.rows.map((row) => [accessKeyOf({ userId: row.user_id, applicationId: row.application_id }), row.row]));
}

/** The key readAccessRows answers an access by. */
export const accessKeyOf = (key: AccessKey) => `${key.userId}.${key.applicationId}`;

/** Removes some accesses. */
export async function deleteAccesses(tx: Executor, keys: readonly AccessKey[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`
    delete from user_applications ua using json_to_recordset(${jsonRows(keys)}) as k("userId" int, "applicationId" int)
    where ua.user_id = k."userId" and ua.application_id = k."applicationId"`);
}

/**
 * Writes some users' given accesses (etat 1), one statement: inserted for new users (`fresh`),
 * else inserted or replaced (an update's access already held keeps its token status).
 */
export async function insertPlannedAccesses(
  tx: Executor,
  rows: readonly { userId: number; access: PlannedAccess }[],
  { fresh }: { fresh: boolean },
): Promise<void> {
  const given = rows.filter((row) => row.access.etat === 1).map(({ userId, access }) => ({ userId, ...access }));
  if (given.length === 0) return;
  const upsert = fresh
    ? sql``
    : sql`on conflict (user_id, application_id) do update set
      status = 1, login = excluded.login, password_encrypted = excluded.password_encrypted, keys = excluded.keys`;
  await tx.execute(sql`
    insert into user_applications (user_id, application_id, status, login, password_encrypted, keys)
    select r."userId", r."applicationId", 1, r.login, r."passwordEncrypted", r.keys
    from json_to_recordset(${jsonRows(given)}) as r("userId" int, "applicationId" int, login text, "passwordEncrypted" text, keys text)
    ${upsert}`);
}
