import { apps } from '@console/contract';
import { sql } from 'drizzle-orm';
import { scopeCondition, type SchoolScope } from '#platform/auth/access.js';
import type { Database } from '#platform/db/client.js';

export type TokenErrorGroup = { uai: string; schoolName: string; applicationId: number; applicationName: string; total: number };
export type TokenErrorUser = {
  uai: string;
  applicationId: number;
  lastname: string;
  firstname: string;
  login: string;
  validToken: string;
};

/**
 * The (school, application) pairs having accesses in error within `scope`, with their counts, ordered by school then application.
 */
export async function listTokenErrorGroups(db: Database, scope: SchoolScope): Promise<TokenErrorGroup[]> {
  const reach = scopeCondition(scope, sql`u.uai`);
  const result = await db.execute<{
    uai: string;
    school_name: string;
    application_id: number;
    application_name: string;
    total: number;
  }>(sql`
    select u.uai, s.name as school_name, a.id as application_id, a.name as application_name, count(*)::int as total
    from user_applications ua
    join users u on u.id = ua.user_id
    join schools s on s.uai = u.uai
    join applications a on a.id = ua.application_id
    where ua.valid_token is not null and ua.valid_token <> ${apps.VALID_TOKEN} and ${reach}
    group by u.uai, s.name, a.id, a.name, a."order"
    order by u.uai, a."order", a.name`);
  return result.rows.map((row) => ({
    uai: row.uai,
    schoolName: row.school_name,
    applicationId: Number(row.application_id),
    applicationName: row.application_name,
    total: Number(row.total),
  }));
}

/**
 * The users in error within `scope`, at most `perApplication` per application (the first ones by
 * school, last name, first name), so that the answer stays bounded whatever the data.
 */
export async function listTokenErrorUsers(db: Database, scope: SchoolScope, perApplication: number): Promise<TokenErrorUser[]> {
  const reach = scopeCondition(scope, sql`u.uai`);
  const result = await db.execute<{
    uai: string;
    application_id: number;
    lastname: string;
    firstname: string;
    login: string;
    valid_token: string;
  }>(sql`
    select uai, application_id, lastname, firstname, login, valid_token
    from (
      select u.uai, ua.application_id, u.lastname, u.firstname, u.login, ua.valid_token,
        row_number() over (partition by ua.application_id order by u.uai, u.lastname, u.firstname, u.id) as position
      from user_applications ua
      join users u on u.id = ua.user_id
      where ua.valid_token is not null and ua.valid_token <> ${apps.VALID_TOKEN} and u.uai is not null and ${reach}
    ) ranked
    where position <= ${perApplication}
    order by application_id, position`);
  return result.rows.map((row) => ({
    uai: row.uai,
    applicationId: Number(row.application_id),
    lastname: row.lastname,
    firstname: row.firstname,
    login: row.login,
    validToken: row.valid_token,
  }));
}
