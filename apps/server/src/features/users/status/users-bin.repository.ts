import { sql } from 'drizzle-orm';
import { schoolScopeCondition } from '#platform/auth/access.js';
import type { Actor } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { intArray } from '#platform/db/params.js';

/**
 * The bin's SQL. A snapshot holds the users row as stored (every column, secrets hashed or
 * encrypted as they were), the option names with their order, the application access rows, the
 * managed schools' UAIs and the device rows; a restore writes them back with the same ids. Each
 * step is one statement for all the users.
 */

/** Copies the users and everything they have into the bin, then deletes them (the rest cascades). */
export async function moveUsersToBin(
  executor: Executor,
  userIds: readonly number[],
  deletedBy: string,
  now: Date,
): Promise<void> {
  await executor.execute(sql`
    insert into deleted_users (user_id, uai, login, firstname, lastname, profile_id, level, class_name, deleted_at, deleted_by, snapshot)
    select u.id, u.uai, u.login, u.firstname, u.lastname, u.profile_id, u.level, u.class_name, ${now.toISOString()}::timestamptz, ${deletedBy},
      jsonb_build_object(
        'user', to_jsonb(u),
        'options', coalesce((select jsonb_agg(jsonb_build_object('name', o.name, 'ordre', uo.ordre) order by uo.ordre, o.name)
          from user_options uo join options o on o.id = uo.option_id where uo.user_id = u.id), '[]'::jsonb),
        'applications', coalesce((select jsonb_agg(to_jsonb(ua)) from user_applications ua where ua.user_id = u.id), '[]'::jsonb),
        'managedSchools', coalesce((select jsonb_agg(ms.uai) from manager_schools ms where ms.user_id = u.id), '[]'::jsonb),
        'devices', coalesce((select jsonb_agg(to_jsonb(d)) from devices d where d.user_id = u.id), '[]'::jsonb))
    from users u where u.id = any(${intArray(userIds)})`);
  await executor.execute(sql`delete from users where id = any(${intArray(userIds)})`);
}

export type BinRow = {
  user_id: number;
  uai: string | null;
  login: string;
  firstname: string;
  lastname: string;
  profile_id: number;
  level: string | null;
  class_name: string | null;
  deleted_at: Date | string;
  deleted_by: string | null;
};

/** A school's binned users, newest first. */
export async function listBinnedUsers(executor: Executor, uai: string): Promise<BinRow[]> {
  const result = await executor.execute<BinRow>(sql`
    select user_id, uai, login, firstname, lastname, profile_id, level, class_name, deleted_at, deleted_by
    from deleted_users where uai = ${uai} order by deleted_at desc, user_id desc`);
  return result.rows;
}

/**
 * The binned users of `ids` whose school the caller reaches and still exists, locked for the
 * restore. Users of no school are reached by Administrateurs only, as live ones are.
 */
export async function lockReachableBinnedUsers(executor: Executor, actor: Actor, userIds: readonly number[]): Promise<BinRow[]> {
  const result = await executor.execute<BinRow>(sql`
    select d.user_id, d.uai, d.login, d.firstname, d.lastname, d.profile_id, d.level, d.class_name, d.deleted_at, d.deleted_by
    from deleted_users d
    where d.user_id = any(${intArray(userIds)}) and ${schoolScopeCondition(actor, sql`d.uai`)}
      and (d.uai is null or exists (select 1 from schools s where s.uai = d.uai))
    for update of d`);
  return result.rows;
}

/** The binned users whose login a live user now has (compared as the unique index does). */
export async function listTakenLogins(executor: Executor, userIds: readonly number[]): Promise<number[]> {
  const result = await executor.execute<{ user_id: number }>(sql`
    select d.user_id from deleted_users d
    where d.user_id = any(${intArray(userIds)}) and exists (select 1 from users u where lower(u.login) = lower(d.login))`);
  return result.rows.map((row) => row.user_id);
}

/**
 * Writes binned users back with the same ids and everything they had, then empties their bin
 * rows. Options are found or recreated by name in the user's school; accesses to applications
 * gone from the catalogue, and managed schools gone, are left out.
 */
export async function restoreUsersFromBin(executor: Executor, userIds: readonly number[]): Promise<void> {
  await executor.execute(sql`
    insert into users select (jsonb_populate_record(null::users, d.snapshot->'user')).*
    from deleted_users d where d.user_id = any(${intArray(userIds)})`);
  await executor.execute(sql`
    insert into options (uai, name)
    select distinct d.uai, o.value->>'name'
    from deleted_users d cross join lateral jsonb_array_elements(d.snapshot->'options') o
    where d.user_id = any(${intArray(userIds)}) and d.uai is not null
    on conflict (uai, name) do nothing`);
  await executor.execute(sql`
    insert into user_options (user_id, option_id, ordre)
    select d.user_id, op.id, (o.value->>'ordre')::int
    from deleted_users d cross join lateral jsonb_array_elements(d.snapshot->'options') o
      join options op on op.uai = d.uai and op.name = o.value->>'name'
    where d.user_id = any(${intArray(userIds)})
    on conflict do nothing`);
  await executor.execute(sql`
    insert into user_applications
    select (jsonb_populate_record(null::user_applications, a.value)).*
    from deleted_users d cross join lateral jsonb_array_elements(d.snapshot->'applications') a
    where d.user_id = any(${intArray(userIds)})
      and exists (select 1 from applications ap where ap.id = (a.value->>'application_id')::int)`);
  await executor.execute(sql`
    insert into manager_schools (user_id, uai)
    select d.user_id, m.value #>> '{}'
    from deleted_users d cross join lateral jsonb_array_elements(d.snapshot->'managedSchools') m
    where d.user_id = any(${intArray(userIds)}) and exists (select 1 from schools s where s.uai = m.value #>> '{}')`);
  await executor.execute(sql`
    insert into devices
    select (jsonb_populate_record(null::devices, v.value)).*
    from deleted_users d cross join lateral jsonb_array_elements(d.snapshot->'devices') v
    where d.user_id = any(${intArray(userIds)})
    -- A device (its installation or its push token) registered by someone else meanwhile stays theirs.
    on conflict do nothing`);
  await executor.execute(sql`delete from deleted_users where user_id = any(${intArray(userIds)})`);
}

/** Deletes the bin rows of users deleted before `cutoff`; answers who they were. */
export async function deleteBinnedBefore(
  executor: Executor,
  cutoff: Date,
): Promise<{ user_id: number; uai: string | null; login: string }[]> {
  const result = await executor.execute<{ user_id: number; uai: string | null; login: string }>(sql`
    delete from deleted_users where deleted_at < ${cutoff.toISOString()}::timestamptz returning user_id, uai, login`);
  return result.rows;
}
