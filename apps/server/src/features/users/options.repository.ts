import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { jsonRows } from '#platform/db/params.js';

/**
 * A school's options and users' option lists, as the users' features (bulk changes, a user's
 * page) and the import write them: set-based statements, one whatever the number of users.
 */

/** One option of a user's list: its id, its name, its place in the list (from 1). */
export type OptionEntry = { optionId: number; name: string; ordre: number };

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
