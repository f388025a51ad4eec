import { sql } from 'drizzle-orm';
import { schoolScopeCondition } from '../../platform/auth/school-scope.js';
import type { Actor } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';

export type SchoolOptionFacts = { schoolExists: boolean; optionCount: number; maxUserOptions: number };

/** Whether a school exists, how many options it has, and the most options one of its users has. */
export async function readSchoolOptionFacts(db: Executor, uai: string): Promise<SchoolOptionFacts> {
  const result = await db.execute<{ school_exists: boolean; option_count: number; max_user_options: number }>(sql`
    select exists (select 1 from schools where uai = ${uai}) as school_exists,
      (select count(*) from options where uai = ${uai})::int as option_count,
      (select coalesce(max(per_user.total), 0) from (
        select count(*) as total from user_options uo join options o on o.id = uo.option_id
        where o.uai = ${uai} group by uo.user_id) per_user)::int as max_user_options`);
  const row = result.rows[0];
  return {
    schoolExists: Boolean(row?.school_exists),
    optionCount: row?.option_count ?? 0,
    maxUserOptions: row?.max_user_options ?? 0,
  };
}

export type StoredPasswordRow = { id: number; uai: string | null; password_encrypted: string | null };

/** The stored passwords of the users of `ids` the caller reaches, in one query. */
export async function listReachablePasswords(db: Executor, actor: Actor, ids: readonly number[]): Promise<StoredPasswordRow[]> {
  const result = await db.execute<StoredPasswordRow>(sql`
    select id, uai, password_encrypted from users
    where id = any(${sql.param([...ids])}::int[]) and ${schoolScopeCondition(actor, sql`uai`)}`);
  return result.rows;
}
