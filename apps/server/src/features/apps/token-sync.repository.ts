import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { scopeCondition, type SchoolScope } from '#platform/auth/access.js';
import type { Database, Executor } from '#platform/db/client.js';
import { applications, userApplications, users } from '#platform/db/schema/index.js';

/** Accesses updated per statement: 3 parameters each, far below PostgreSQL's 65,535. */
const UPDATE_CHUNK = 1000;

export async function listApplicationIdsOfPlatform(db: Database, platformId: string): Promise<number[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.platformId, platformId))
    .orderBy(asc(applications.id));
  return rows.map((row) => row.id);
}

/** The schools, within `scope`, having at least one user with one of the applications enabled. */
export async function listSchoolsWithEnabledAccesses(
  db: Database,
  applicationIds: number[],
  scope: SchoolScope,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ uai: users.uai })
    .from(userApplications)
    .innerJoin(users, eq(users.id, userApplications.userId))
    .where(
      and(
        inArray(userApplications.applicationId, applicationIds),
        eq(userApplications.status, 1),
        isNotNull(users.uai),
        scopeCondition(scope, users.uai),
      ),
    )
    .orderBy(asc(users.uai));
  return rows.flatMap((row) => (row.uai ? [row.uai] : []));
}

export type EnabledAccess = {
  userId: number;
  applicationId: number;
  /** The login on the application when one is set, else the user's own login. */
  login: string;
  /** The licence code the access carries, if any. */
  code: string | null;
  validToken: string | null;
};

/** A school's users' enabled accesses (status 1) to the applications. */
export async function listEnabledAccesses(db: Database, uai: string, applicationIds: number[]): Promise<EnabledAccess[]> {
  return db
    .select({
      userId: userApplications.userId,
      applicationId: userApplications.applicationId,
      login: sql<string>`coalesce(nullif(${userApplications.login}, ''), ${users.login})`,
      code: userApplications.keys,
      validToken: userApplications.validToken,
    })
    .from(userApplications)
    .innerJoin(users, eq(users.id, userApplications.userId))
    .where(and(eq(users.uai, uai), inArray(userApplications.applicationId, applicationIds), eq(userApplications.status, 1)))
    .orderBy(asc(userApplications.userId), asc(userApplications.applicationId));
}

export type TokenStatus = { userId: number; applicationId: number; validToken: string };

/** Records the publisher's word and the time of the check on each access, in the caller's transaction. */
export async function writeTokenStatuses(executor: Executor, statuses: TokenStatus[]): Promise<void> {
  for (let start = 0; start < statuses.length; start += UPDATE_CHUNK) {
    const rows = statuses
      .slice(start, start + UPDATE_CHUNK)
      .map((status) => sql`(${status.userId}::int, ${status.applicationId}::int, ${status.validToken}::text)`);
    await executor.execute(sql`
      update user_applications as ua
      set valid_token = checked.valid_token, token_checked_at = now()
      from (values ${sql.join(rows, sql`, `)}) as checked(user_id, application_id, valid_token)
      where ua.user_id = checked.user_id and ua.application_id = checked.application_id`);
  }
}
