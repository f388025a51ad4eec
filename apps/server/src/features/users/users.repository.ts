import { eq, sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { schools } from '#platform/db/schema/index.js';

// What the users' use cases read beyond their own repositories: a school's naming columns, whether a login is taken.

/** A school's name, login extension, own login pattern and e-mail requirement; undefined for no such school. */
export async function findSchoolNamingRow(db: Executor, uai: string) {
  const [school] = await db
    .select({
      name: schools.name,
      extension: schools.extension,
      regexEstab: schools.regexEstab,
      emailRequired: schools.emailRequired,
    })
    .from(schools)
    .where(eq(schools.uai, uai))
    .limit(1);
  return school;
}

/** Whether a login is taken by another user (case-insensitive, as the unique index compares; the bin counts too). */
export async function isLoginTaken(db: Executor, login: string, exceptUserId?: number): Promise<boolean> {
  const result = await db.execute<{ taken: boolean }>(sql`
    select exists (select 1 from users where lower(login) = lower(${login}) and id <> ${exceptUserId ?? 0})
      or exists (select 1 from deleted_users where lower(login) = lower(${login}) and user_id <> ${exceptUserId ?? 0}) as taken`);
  return Boolean(result.rows[0]?.taken);
}
