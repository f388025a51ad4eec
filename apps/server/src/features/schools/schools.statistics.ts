import { compareFrench, profileNameOf, type Statistics } from '@console/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#platform/db/client.js';

/**
 * The statistics of the schools a condition on `u.uai` / `s.uai` keeps: three aggregate queries
 * run side by side (on PostgreSQL, on separate connections of the pool).
 */
export async function computeStatistics(
  db: Database,
  scope: { users: SQL; schools: SQL; applicationsNeedUsers: boolean },
): Promise<Statistics> {
  const [schoolCount, userCounts, applicationCounts] = await Promise.all([
    db.execute<{ count: number }>(sql`select count(*)::int as count from schools s where ${scope.schools}`),
    db.execute<{ profile_id: number; total: number; admin_on: number; connected: number }>(sql`
      select u.profile_id, count(*)::int as total,
        (count(*) filter (where u.admin_mode = 1))::int as admin_on,
        (count(*) filter (where u.last_login_at is not null))::int as connected
      from users u where ${scope.users} group by u.profile_id`),
    scope.applicationsNeedUsers
      ? db.execute<{ name: string; count: number }>(sql`
          select a.name, count(*)::int as count
          from user_applications ua join users u on u.id = ua.user_id join applications a on a.id = ua.application_id
          where ua.status = 1 and ${scope.users} group by a.name order by count desc, a.name`)
      : db.execute<{ name: string; count: number }>(sql`
          select a.name, c.count from applications a
          join (select application_id, count(*)::int as count from user_applications where status = 1 group by application_id) c
            on c.application_id = a.id
          order by c.count desc, a.name`),
  ]);
  let total = 0;
  let adminOn = 0;
  let connected = 0;
  const repartitionRoles: Statistics['repartitionRoles'] = [];
  for (const row of userCounts.rows) {
    total += row.total;
    adminOn += row.admin_on;
    connected += row.connected;
    const profile = profileNameOf(row.profile_id);
    if (profile) repartitionRoles.push({ profile, count: row.total });
  }
  repartitionRoles.sort((a, b) => b.count - a.count || compareFrench(a.profile, b.profile));
  return {
    nbEtab: schoolCount.rows[0]?.count ?? 0,
    usersApp: applicationCounts.rows.map((row) => ({ name: row.name, count: row.count })),
    repartitionRoles,
    modeAdmin: { activated: adminOn, deactivated: total - adminOn },
    usersConnectes: { connected, neverConnected: total - connected },
  };
}
