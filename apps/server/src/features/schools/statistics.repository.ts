import { sql } from 'drizzle-orm';
import { scopeCondition, type SchoolScope } from '#platform/auth/access.js';
import type { Database } from '#platform/db/client.js';

/** What the statistics count, as the three aggregate queries answer it (schools.presenter.ts makes the answer). */
export type StatisticsRows = {
  schools: number;
  /** By profile: the users, those in Admin mode, those who ever signed in. */
  profiles: { profile_id: number; total: number; admin_on: number; connected: number }[];
  /** The active accesses by application name, most first. */
  applications: { name: string; count: number }[];
};

/**
 * Counts the schools and users within `scope`: three aggregate queries run side by side (on
 * PostgreSQL, on separate connections of the pool). `applicationsNeedUsers` false counts every
 * active access without joining the users (the scope being every school).
 */
export async function countStatistics(
  db: Database,
  scope: SchoolScope,
  { applicationsNeedUsers }: { applicationsNeedUsers: boolean },
): Promise<StatisticsRows> {
  const users = scopeCondition(scope, sql`u.uai`);
  const [schoolCount, profiles, applications] = await Promise.all([
    db.execute<{ count: number }>(sql`select count(*)::int as count from schools s where ${scopeCondition(scope, sql`s.uai`)}`),
    db.execute<StatisticsRows['profiles'][number]>(sql`
      select u.profile_id, count(*)::int as total,
        (count(*) filter (where u.admin_mode = 1))::int as admin_on,
        (count(*) filter (where u.last_login_at is not null))::int as connected
      from users u where ${users} group by u.profile_id`),
    applicationsNeedUsers
      ? db.execute<{ name: string; count: number }>(sql`
          select a.name, count(*)::int as count
          from user_applications ua join users u on u.id = ua.user_id join applications a on a.id = ua.application_id
          where ua.status = 1 and ${users} group by a.name order by count desc, a.name`)
      : db.execute<{ name: string; count: number }>(sql`
          select a.name, c.count from applications a
          join (select application_id, count(*)::int as count from user_applications where status = 1 group by application_id) c
            on c.application_id = a.id
          order by c.count desc, a.name`),
  ]);
  return { schools: schoolCount.rows[0]?.count ?? 0, profiles: profiles.rows, applications: applications.rows };
}
