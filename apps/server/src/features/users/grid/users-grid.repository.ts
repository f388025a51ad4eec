import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';

export type SchoolOptionFacts = { optionCount: number; maxUserOptions: number };

/** How many options a school has, and the most options one of its users has. */
export async function readSchoolOptionFacts(db: Executor, uai: string): Promise<SchoolOptionFacts> {
  const result = await db.execute<{ option_count: number; max_user_options: number }>(sql`
    select (select count(*) from options where uai = ${uai})::int as option_count,
      (select coalesce(max(per_user.total), 0) from (
        select count(*) as total from user_options uo join options o on o.id = uo.option_id
        where o.uai = ${uai} group by uo.user_id) per_user)::int as max_user_options`);
  const row = result.rows[0];
  return {
    optionCount: row?.option_count ?? 0,
    maxUserOptions: row?.max_user_options ?? 0,
  };
}
