import { toSearchKey } from '@console/contract';
import { sql, type SQL } from 'drizzle-orm';
import { scopeCondition, type SchoolScope } from '#platform/auth/access.js';
import type { Database } from '#platform/db/client.js';

export type UserSearchRow = {
  id: number;
  uai: string | null;
  town: string | null;
  school: string | null;
  lastname: string;
  firstname: string;
  login: string;
  level: string | null;
  class_name: string | null;
  profile_id: number;
  disabled: boolean;
};

/** Escapes LIKE wildcards, so that a typed % or _ matches itself. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => '\\' + character);
}

const COLUMNS = ['lastname', 'firstname', 'login'] as const;

function keyOf(column: (typeof COLUMNS)[number]): SQL {
  return sql`(search_key(u.${sql.raw(column)}) collate "C")`;
}

function anyColumnStartsWith(word: string): SQL {
  const pattern = escapeLike(toSearchKey(word)) + '%';
  return sql`(${sql.join(
    COLUMNS.map((column) => sql`${keyOf(column)} like ${pattern}`),
    sql` or `,
  )})`;
}

/**
 * Users (within `scope`) where every word is a prefix of the last name, first name or login
 * (accents and case ignored). Ranked: last-name matches of the longest word first, then
 * first-name, then login matches, each in its key's order; each rank reads its own index in
 * order and stops after the page, so that a common prefix among 1,000,000 users stays cheap.
 * Reads one row more than the page, to tell whether another page exists.
 */
export async function findUsersByWords(
  db: Database,
  words: string[],
  scope: SchoolScope,
  page: { size: number; index: number },
): Promise<UserSearchRow[]> {
  const inScope = scopeCondition(scope, sql`u.uai`);
  const leading = [...words].sort((a, b) => b.length - a.length)[0]!;
  const others = words.filter((word) => word !== leading);
  const leadingPattern = escapeLike(toSearchKey(leading)) + '%';
  const filters = others.length > 0 ? sql` and ${sql.join(others.map(anyColumnStartsWith), sql` and `)}` : sql``;
  const reach = page.size * (page.index + 1) + 1;
  const ranks = COLUMNS.map(
    (column, rank) => sql`(select u.id, ${rank}::int as rank, ${keyOf(column)} as key from users u
      where ${keyOf(column)} like ${leadingPattern}${filters} and ${inScope}
      order by ${keyOf(column)}, u.id limit ${reach})`,
  );
  const result = await db.execute<UserSearchRow>(sql`
    with matches as (${sql.join(ranks, sql` union all `)}),
    best as (select distinct on (id) id, rank, key from matches order by id, rank),
    chosen as (select id, rank, key from best order by rank, key, id limit ${page.size + 1} offset ${page.size * page.index})
    select u.id, u.uai, s.town, s.name as school, u.lastname, u.firstname, u.login, u.level, u.class_name, u.profile_id, u.disabled
    from chosen c join users u on u.id = c.id left join schools s on s.uai = u.uai
    order by c.rank, c.key, c.id`);
  return result.rows;
}
