import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';

/** One enabled access of a user, with its application's name: a line of the deployment sheet. */
export type SheetAccessRow = {
  user_id: number;
  application: string;
  login: string | null;
  password_encrypted: string | null;
  keys: string | null;
};

/** The school's name, as the sheets print it. */
export async function findSchoolName(db: Executor, uai: string): Promise<string> {
  const result = await db.execute<{ name: string }>(sql`select name from schools where uai = ${uai}`);
  return result.rows[0]?.name ?? uai;
}

/** Some users' enabled accesses, in the catalogue's order (platforms, then applications). */
export async function listSheetAccesses(db: Executor, userIds: readonly number[]): Promise<SheetAccessRow[]> {
  const result = await db.execute<SheetAccessRow>(sql`
    select ua.user_id, a.name as application, ua.login, ua.password_encrypted, ua.keys
    from user_applications ua
      join applications a on a.id = ua.application_id
      join platforms p on p.id = a.platform_id
    where ua.user_id = any(${sql.param([...userIds])}::int[]) and ua.status = 1
    order by ua.user_id, p."order", p.id, a."order", a.id`);
  return result.rows;
}
