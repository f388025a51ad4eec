import { users as contract } from '@console/contract';
import { sql } from 'drizzle-orm';
import { schoolScopeCondition } from '../../platform/auth/school-scope.js';
import type { Actor } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { applications, schools, users } from '../../platform/db/schema/index.js';
import { userNotFound, type UserRecord } from './users.access.js';

/** The names of some schools, by UAI. */
export async function readSchoolNames(db: Executor, uais: readonly string[]): Promise<Map<string, string>> {
  if (uais.length === 0) return new Map();
  const rows = await db
    .select({ uai: schools.uai, name: schools.name })
    .from(schools)
    .where(sql`${schools.uai} = any(${sql.param([...new Set(uais)])}::varchar[])`);
  return new Map(rows.map((row) => [row.uai, row.name]));
}

/**
 * The users of some logins (compared case-insensitively, as the unique index does) whom the
 * caller reaches, in the order of `logins`. Throws `not_found` when any is unknown or out of reach.
 */
export async function readReachableUsersByLogin(db: Executor, actor: Actor, logins: readonly string[]): Promise<UserRecord[]> {
  const unique = [...new Set(logins.map((login) => login.toLowerCase()))];
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.login}) = any(${sql.param(unique)}::text[]) and ${schoolScopeCondition(actor, users.uai)}`);
  if (rows.length !== unique.length) throw userNotFound();
  const byLogin = new Map(rows.map((row) => [row.login.toLowerCase(), row]));
  return logins.map((login) => byLogin.get(login.toLowerCase())!);
}

/** The id of the catalogue's Educadhoc application, whose code holds a teacher's PNE keys. */
export async function findEducadhocApplicationId(db: Executor): Promise<number | undefined> {
  const rows = await db.select({ idApplication: applications.id, name: applications.name }).from(applications);
  return contract.findEducadhocApplication(rows)?.idApplication;
}
