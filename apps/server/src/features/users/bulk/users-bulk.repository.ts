import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import type { OptionEntry } from './users-bulk.policy.js';
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

/** The option lists of some users, in order, keyed by user. */
export async function listOptionLists(executor: Executor, userIds: readonly number[]): Promise<Map<number, OptionEntry[]>> {
  const result = await executor.execute<{ user_id: number; option_id: number; name: string; ordre: number }>(sql`
    select uo.user_id, uo.option_id, o.name, uo.ordre
    from user_options uo join options o on o.id = uo.option_id
    where uo.user_id = any(${sql.param([...userIds])}::int[])
    order by uo.user_id, uo.ordre, o.name`);
  const lists = new Map<number, OptionEntry[]>(userIds.map((id) => [id, []]));
  for (const row of result.rows) lists.get(row.user_id)?.push({ optionId: row.option_id, name: row.name, ordre: row.ordre });
  return lists;
}

/** The options of a name in some schools, keyed by UAI (absent where the school has none). */
export async function findOptionsByName(executor: Executor, uais: readonly string[], name: string): Promise<Map<string, number>> {
  const result = await executor.execute<{ id: number; uai: string }>(sql`
    select id, uai from options where uai = any(${sql.param([...uais])}::text[]) and name = ${name}`);
  return new Map(result.rows.map((row) => [row.uai, row.id]));
}

export type EnsuredOptions = { ids: Map<string, number>; createdIds: number[] };

/** The key of an option in `EnsuredOptions.ids`. */
export const optionKey = (uai: string, name: string) => `${uai}\u0000${name}`;

/**
 * The options of the given names in the given schools, created where missing (one statement):
 * their ids keyed by `optionKey`, and the ids of those it created.
 */
export async function ensureOptions(
  executor: Executor,
  wanted: readonly { uai: string; name: string }[],
): Promise<EnsuredOptions> {
  if (wanted.length === 0) return { ids: new Map(), createdIds: [] };
  // The final select reads the table as it was before the insert, so each option comes once.
  const result = await executor.execute<{ id: number; uai: string; name: string; created: boolean }>(sql`
    with wanted as (select distinct w.uai, w.name from json_to_recordset(${jsonRows(wanted)}) as w(uai text, name text)),
    inserted as (
      insert into options (uai, name) select uai, name from wanted on conflict (uai, name) do nothing returning id, uai, name
    )
    select id, uai, name, true as created from inserted
    union all
    select o.id, o.uai, o.name, false as created from options o join wanted w on o.uai = w.uai and o.name = w.name`);
  const ids = new Map(result.rows.map((row) => [optionKey(row.uai, row.name), row.id]));
  const missing = wanted.filter((entry) => !ids.has(optionKey(entry.uai, entry.name)));
  if (missing.length > 0) {
    // Another transaction created them meanwhile: its rows are visible to a new statement only.
    const again = await executor.execute<{ id: number; uai: string; name: string }>(sql`
      select o.id, o.uai, o.name from options o join json_to_recordset(${jsonRows(missing)}) as w(uai text, name text)
        on o.uai = w.uai and o.name = w.name`);
    for (const row of again.rows) ids.set(optionKey(row.uai, row.name), row.id);
  }
  return { ids, createdIds: result.rows.filter((row) => row.created).map((row) => row.id) };
}

/**
 * Writes some users' option lists from what they were to what they become, touching only the
 * rows that differ (two statements): a bulk insert on 5,000 users inserts 5,000 rows and deletes
 * none. Options that no longer exist are left out.
 */
export async function writeOptionLists(
  executor: Executor,
  changes: readonly { id: number; before: readonly OptionEntry[]; after: readonly OptionEntry[] }[],
): Promise<void> {
  const removed: { user_id: number; option_id: number }[] = [];
  const added: { user_id: number; option_id: number; ordre: number }[] = [];
  for (const change of changes) {
    const after = new Map(change.after.map((entry) => [entry.optionId, entry.ordre]));
    const before = new Map(change.before.map((entry) => [entry.optionId, entry.ordre]));
    for (const [optionId, ordre] of before)
      if (after.get(optionId) !== ordre) removed.push({ user_id: change.id, option_id: optionId });
    for (const [optionId, ordre] of after)
      if (before.get(optionId) !== ordre) added.push({ user_id: change.id, option_id: optionId, ordre });
  }
  if (removed.length > 0) {
    await executor.execute(sql`
      delete from user_options uo
      using json_to_recordset(${jsonRows(removed)}) as r(user_id int, option_id int)
      where uo.user_id = r.user_id and uo.option_id = r.option_id`);
  }
  if (added.length > 0) {
    await executor.execute(sql`
      insert into user_options (user_id, option_id, ordre)
      select r.user_id, r.option_id, r.ordre
      from json_to_recordset(${jsonRows(added)}) as r(user_id int, option_id int, ordre int)
      where exists (select 1 from options o where o.id = r.option_id)`);
  }
}

/** Deletes those of the options that no user has. */
export async function deleteUnusedOptions(executor: Executor, optionIds: readonly number[]): Promise<void> {
  if (optionIds.length === 0) return;
  await executor.execute(sql`
    delete from options o
    where o.id = any(${sql.param([...optionIds])}::int[]) and not exists (select 1 from user_options uo where uo.option_id = o.id)`);
}

export type ApplicationWithPlatform = {
  id: number;
  name: string;
  platform_id: string;
  application_code_yes_no: boolean;
  application_code_required: boolean;
  common_code: string | null;
  url_scheme_login_required: boolean;
  url_scheme_pwd_required: boolean;
  url_scheme_code_yes_no: boolean;
  url_scheme_code_required: boolean;
  platform_code_yes_no: boolean;
  platform_code_required: boolean;
  platform_common_code: string | null;
};

/** Applications with their platform's credential flags, keyed by id (unknown ids are absent). */
export async function findApplicationsWithPlatforms(
  executor: Executor,
  applicationIds: readonly number[],
): Promise<Map<number, ApplicationWithPlatform>> {
  if (applicationIds.length === 0) return new Map();
  const result = await executor.execute<ApplicationWithPlatform>(sql`
    select a.id, a.name, a.platform_id, a.application_code_yes_no, a.application_code_required, a.common_code,
      p.url_scheme_login_required, p.url_scheme_pwd_required, p.url_scheme_code_yes_no, p.url_scheme_code_required,
      p.platform_code_yes_no, p.platform_code_required, p.common_code as platform_common_code
    from applications a join platforms p on p.id = a.platform_id
    where a.id = any(${sql.param([...applicationIds])}::int[])`);
  return new Map(result.rows.map((row) => [row.id, row]));
}

/** One application with its platform's credential flags; undefined when it does not exist. */
export async function findApplicationWithPlatform(
  executor: Executor,
  applicationId: number,
): Promise<ApplicationWithPlatform | undefined> {
  return (await findApplicationsWithPlatforms(executor, [applicationId])).get(applicationId);
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
