import { sql } from 'drizzle-orm';
import { schoolScopeCondition, scopeCondition, schoolScopeOf, type AccessActor } from '#platform/auth/access.js';
import type { Executor } from '#platform/db/client.js';
import { intArray } from '#platform/db/params.js';
import { notifications, type NotificationParameters, type NotificationReport } from '#platform/db/schema/index.js';

/** The SQL of recorded notifications: writing one, the history a caller sees. */

/** Every school the caller reaches, by UAI. */
export async function listAllReachableUais(db: Executor, actor: AccessActor): Promise<string[]> {
  const result = await db.execute<{ uai: string }>(sql`
    select s.uai from schools s where ${schoolScopeCondition(actor, sql`s.uai`)} order by s.uai`);
  return result.rows.map((row) => String(row.uai));
}

/** Of the application ids, those of the catalogue. */
export async function listKnownApplicationIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: number }>(sql`select id from applications where id = any(${intArray(ids)})`);
  return result.rows.map((row) => Number(row.id));
}

export type NewNotification = {
  title: string;
  description: string;
  link: string | null;
  author: { id: number; firstname: string; lastname: string };
  allSchools: boolean;
  uais: readonly string[];
  parameters: NotificationParameters;
  /** Users chosen one by one (the bulk menu), rather than the filters. */
  userIds?: readonly number[] | null;
};

export async function insertNotification(db: Executor, values: NewNotification): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({
      title: values.title,
      description: values.description,
      link: values.link,
      createdById: values.author.id,
      creatorFirstname: values.author.firstname,
      creatorLastname: values.author.lastname,
      allSchools: values.allSchools,
      uais: [...values.uais],
      parameters: values.parameters,
      userIds: values.userIds ? [...values.userIds] : null,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/**
 * The notifications a caller sees: an Administrateur every one; the others those they wrote and
 * those for schools all within their reach (never one for every school).
 */
function visibleCondition(actor: AccessActor) {
  const scope = schoolScopeOf(actor);
  if (scope.kind === 'all') return sql`true`;
  return sql`(n.created_by_id = ${actor.id} or (not n.all_schools and cardinality(n.uais) > 0
    and not exists (select 1 from unnest(n.uais) as target(uai) where not (${scopeCondition(scope, sql`target.uai`)}))))`;
}

export type HistoryRow = {
  id: number;
  title: string;
  description: string;
  link: string | null;
  creatorFirstname: string;
  creatorLastname: string;
  createdAt: Date;
  allSchools: boolean;
  schools: { uai: string; name: string }[];
  parameters: NotificationParameters;
  applications: { id: number; name: string }[];
  report: NotificationReport | null;
  status: string;
  userCount: number | null;
};

/** The latest `limit` notifications the caller sees, newest first, with their schools' and applications' names. */
export async function listHistory(db: Executor, actor: AccessActor, limit: number): Promise<HistoryRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select n.id, n.title, n.description, n.link, n.creator_firstname, n.creator_lastname, n.created_at, n.all_schools,
           n.parameters, n.report, n.status, cardinality(n.user_ids) as user_count,
           coalesce((select json_agg(json_build_object('uai', target.uai, 'name', coalesce(s.name, target.uai)) order by target.uai)
                     from unnest(n.uais) as target(uai) left join schools s on s.uai = target.uai), '[]'::json) as schools,
           coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.name)
                     from applications a
                     where a.id in (select (value #>> '{}')::int from jsonb_array_elements(n.parameters->'applicationIds'))), '[]'::json) as applications
    from notifications n
    where ${visibleCondition(actor)}
    order by n.created_at desc, n.id desc
    limit ${limit}`);
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return result.rows.map((row) => ({
    id: Number(row.id),
    title: String(row.title),
    description: String(row.description),
    link: row.link === null ? null : String(row.link),
    creatorFirstname: String(row.creator_firstname),
    creatorLastname: String(row.creator_lastname),
    createdAt: new Date(row.created_at as string | Date),
    allSchools: Boolean(row.all_schools),
    schools: json(row.schools),
    parameters: json(row.parameters),
    applications: json(row.applications),
    report: row.report === null ? null : json(row.report),
    status: String(row.status),
    userCount: row.user_count === null ? null : Number(row.user_count),
  }));
}
