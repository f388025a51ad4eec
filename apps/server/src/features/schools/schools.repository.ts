import { PROFILES } from '@console/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '#platform/context.js';
import type { Database, Executor } from '#platform/db/client.js';
import { schoolScopeCondition } from '#platform/auth/access.js';
import {
  applications,
  cities,
  countries,
  options,
  platforms,
  regexSettings,
  schools,
  schoolTypes,
} from '#platform/db/schema/index.js';
import { readTogether } from '#platform/db/reads.js';

export type SchoolListRow = { uai: string; name: string; town: string; extension: string; pupils: number };

/** The caller's schools with their pupil count, scoped in the query. */
export async function listReachableSchools(db: Database, actor: Actor): Promise<SchoolListRow[]> {
  const result = await db.execute<SchoolListRow>(sql`
    select s.uai, s.name, s.town, s.extension,
      (select count(*) from users u where u.uai = s.uai and u.profile_id = ${PROFILES.Eleve})::int as pupils
    from schools s
    where ${schoolScopeCondition(actor, sql`s.uai`)}
    order by s.name, s.uai`);
  return result.rows;
}

export type SchoolRow = typeof schools.$inferSelect;

export async function findSchool(db: Executor, uai: string): Promise<SchoolRow | undefined> {
  const rows = await db.select().from(schools).where(eq(schools.uai, uai)).limit(1);
  return rows[0];
}

export async function countSchoolUsers(db: Executor, uai: string): Promise<{ users: number; pupils: number }> {
  const result = await db.execute<{ users: number; pupils: number }>(sql`
    select count(*)::int as users, (count(*) filter (where profile_id = ${PROFILES.Eleve}))::int as pupils
    from users where uai = ${uai}`);
  return result.rows[0] ?? { users: 0, pupils: 0 };
}

export async function listRegexSettings(db: Database) {
  return db.select().from(regexSettings).orderBy(asc(regexSettings.fieldName));
}

/** A school's options, by name (spec 3 §9: option lists are sorted by name). */
export async function listSchoolOptions(db: Database, uai: string): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: options.id, name: options.name })
    .from(options)
    .where(eq(options.uai, uai))
    .orderBy(asc(options.name), asc(options.id));
}

export async function listCatalogue(db: Database) {
  const [platformRows, applicationRows] = await Promise.all([
    db.select().from(platforms).orderBy(asc(platforms.order), asc(platforms.id)),
    db.select().from(applications).orderBy(asc(applications.order), asc(applications.id)),
  ]);
  return { platformRows, applicationRows };
}

export type SchoolUserRow = {
  id: number;
  import_number: number | null;
  admin_mode: number;
  uai: string | null;
  lastname: string;
  firstname: string;
  login: string;
  level: string | null;
  class_name: string | null;
  disabled: boolean;
  disabled_at: Date | string | null;
  profile_id: number;
  locked: boolean;
  last_login_at: Date | string | null;
  tablet_number: string | null;
  comment: string | null;
  subject: string | null;
  email: string | null;
};

/** Which users a row read covers: a whole school, or some users by id. */
export type UserRowSelection = { uai: string } | { ids: readonly number[] };

/**
 * Users with their options and application accesses, as the users grid shows them: three
 * queries, joined in memory by `presentSchoolUsers`. By school, ordered by name; by ids, the
 * same order.
 */
export async function listUserRows(db: Executor, selection: UserRowSelection) {
  const byUai = 'uai' in selection;
  const ids = byUai ? [] : [...selection.ids];
  const userCondition = byUai ? sql`u.uai = ${selection.uai}` : sql`u.id = any(${sql.param(ids)}::int[])`;
  // Read on the pool for the grid, in the transaction of an edit for the row it answers.
  const [userRows, optionRows, accessRows] = await readTogether(db, [
    () =>
      db.execute<SchoolUserRow>(sql`
      select u.id, u.import_number, u.admin_mode, u.uai, u.lastname, u.firstname, u.login, u.level, u.class_name, u.disabled, u.disabled_at,
        u.profile_id, u.locked, u.last_login_at, u.tablet_number, u.comment, u.subject, u.email
      from users u where ${userCondition} order by u.lastname, u.firstname, u.id`),
    () =>
      db.execute<{ user_id: number; name: string }>(
        byUai
          ? sql`
      select uo.user_id, o.name from user_options uo join options o on o.id = uo.option_id
      where o.uai = ${selection.uai} order by uo.user_id, uo.ordre, o.name`
          : sql`
      select uo.user_id, o.name from user_options uo join options o on o.id = uo.option_id
      where uo.user_id = any(${sql.param(ids)}::int[]) order by uo.user_id, uo.ordre, o.name`,
      ),
    () =>
      db.execute<{ user_id: number; application_id: number; status: number; keys: string | null; platform_id: string }>(sql`
      select ua.user_id, ua.application_id, ua.status, ua.keys, a.platform_id
      from user_applications ua join users u on u.id = ua.user_id join applications a on a.id = ua.application_id
      where ${userCondition}`),
  ]);
  return { userRows: userRows.rows, optionRows: optionRows.rows, accessRows: accessRows.rows };
}

export async function countEnabledUsersPerApplication(db: Database, uai: string) {
  const result = await db.execute<{ application_id: number; enabled: number }>(sql`
    select ua.application_id, count(*)::int as enabled
    from user_applications ua join users u on u.id = ua.user_id
    where u.uai = ${uai} and ua.status = 1 group by ua.application_id`);
  return new Map(result.rows.map((row) => [row.application_id, row.enabled]));
}

export async function listDeployments(db: Database, actor: Actor) {
  const result = await db.execute<{ uai: string; name: string; deployment: Record<string, unknown> }>(sql`
    select s.uai, s.name, s.deployment from schools s
    where ${schoolScopeCondition(actor, sql`s.uai`)} order by s.name, s.uai`);
  return result.rows;
}

export async function listReferenceData(db: Database) {
  const [cityRows, countryRows, typeRows] = await Promise.all([
    db.select().from(cities).orderBy(asc(cities.name)),
    db.select().from(countries).orderBy(asc(countries.name)),
    db.select().from(schoolTypes).orderBy(asc(schoolTypes.order), asc(schoolTypes.label)),
  ]);
  return { cityRows, countryRows, typeRows };
}

export async function schoolTypeExists(db: Executor, id: number): Promise<boolean> {
  return (await db.select({ id: schoolTypes.id }).from(schoolTypes).where(eq(schoolTypes.id, id)).limit(1)).length > 0;
}

export async function findCity(db: Executor, id: number) {
  return (await db.select().from(cities).where(eq(cities.id, id)).limit(1))[0];
}

export async function countryExists(db: Executor, id: number): Promise<boolean> {
  return (await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id)).limit(1)).length > 0;
}

export async function insertCity(db: Executor, name: string, countryId: number): Promise<number> {
  const [row] = await db.insert(cities).values({ name, countryId }).returning({ id: cities.id });
  return row!.id;
}

export async function insertSchool(db: Executor, values: typeof schools.$inferInsert): Promise<void> {
  await db.insert(schools).values(values);
}

/** Locks a school's row until the caller's transaction ends (a user added meanwhile waits). */
export async function lockSchool(tx: Executor, uai: string): Promise<void> {
  await tx.execute(sql`select uai from schools where uai = ${uai} for update`);
}

export async function removeSchool(db: Executor, uai: string): Promise<void> {
  await db.delete(schools).where(eq(schools.uai, uai));
}
