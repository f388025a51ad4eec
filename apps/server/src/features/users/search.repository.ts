import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';

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

/**
 * Users (within `scope`) where every word is a prefix of the last name, first name or login, as
 * the search keys of migration 0002 normalise them. The first word uses the three prefix indexes;
 * the others filter. Reads one row more than a page, to tell whether another page exists.
 */
export async function findUsersByWords(
  db: Database,
  words: string[],
  scope: SQL,
  page: { size: number; index: number },
): Promise<UserSearchRow[]> {
  const conditions = words.map((word) => {
    const pattern = escapeLike(word) + '%';
    return sql`(search_key(u.lastname) like search_key(${pattern}) or search_key(u.firstname) like search_key(${pattern})
      or search_key(u.login) like search_key(${pattern}))`;
  });
  const result = await db.execute<UserSearchRow>(sql`
    select u.id, u.uai, s.town, s.name as school, u.lastname, u.firstname, u.login, u.level, u.class_name, u.profile_id, u.disabled
    from users u left join schools s on s.uai = u.uai
    where ${sql.join(conditions, sql` and `)} and ${scope}
    order by search_key(u.lastname), search_key(u.firstname), u.id
    limit ${page.size + 1} offset ${page.size * page.index}`);
  return result.rows;
}
