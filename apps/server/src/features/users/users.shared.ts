import { nameRulesOf, type NameRules, type SchoolUser } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { schoolNotFound, userNotFound } from '#platform/auth/access.js';
import type { Executor } from '#platform/db/client.js';
import { regexSettings, schools } from '#platform/db/schema/index.js';
import { presentRegexSettings, presentSchoolUsers } from '#features/schools/schools.presenter.js';
import { listUserRows } from '#features/schools/schools.repository.js';

/**
 * What several users-area services share besides access (which is platform/auth/access.ts):
 * reading grid rows after a change, a school's name rules, whether a login is taken, and the
 * caller's name as the editor columns hold it.
 */

/** The grid rows of some users (after a change), in the grid's order (last name, first name). */
export async function readGridRows(db: Executor, ids: readonly number[]): Promise<SchoolUser[]> {
  if (ids.length === 0) return [];
  return presentSchoolUsers(await listUserRows(db, { ids }));
}

/** One grid row; throws `not_found` when the user is gone. */
export async function readGridRow(db: Executor, id: number): Promise<SchoolUser> {
  const [row] = await readGridRows(db, [id]);
  if (!row) throw userNotFound();
  return row;
}

export type SchoolNaming = { rules: NameRules; extension: string; emailRequired: boolean; name: string };

/** A school's name rules (global regex settings, its own login pattern), extension and e-mail requirement. */
export async function loadSchoolNaming(db: Executor, uai: string): Promise<SchoolNaming> {
  const [[school], regexRows] = await Promise.all([
    db
      .select({
        name: schools.name,
        extension: schools.extension,
        regexEstab: schools.regexEstab,
        emailRequired: schools.emailRequired,
      })
      .from(schools)
      .where(eq(schools.uai, uai))
      .limit(1),
    db.select().from(regexSettings),
  ]);
  if (!school) throw schoolNotFound();
  const rules = nameRulesOf({
    regexGlobal: presentRegexSettings(regexRows),
    regexEstab: school.regexEstab,
  });
  return { rules, extension: school.extension, emailRequired: school.emailRequired, name: school.name };
}

/** Whether a login is taken by another user (case-insensitive, as the unique index compares; the bin counts too). */
export async function isLoginTaken(db: Executor, login: string, exceptUserId?: number): Promise<boolean> {
  const result = await db.execute<{ taken: boolean }>(sql`
    select exists (select 1 from users where lower(login) = lower(${login}) and id <> ${exceptUserId ?? 0})
      or exists (select 1 from deleted_users where lower(login) = lower(${login}) and user_id <> ${exceptUserId ?? 0}) as taken`);
  return Boolean(result.rows[0]?.taken);
}
