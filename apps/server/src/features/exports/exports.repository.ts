import { sql } from 'drizzle-orm';
import { PROFILES } from '@console/contract';
import type { Executor } from '#platform/db/client.js';

const idList = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/** Each user's option names, in their order ('opt1, opt2'), for the users that have some. */
export async function listOptionNames(db: Executor, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const result = await db.execute<{ user_id: number; name: string }>(sql`
    select uo.user_id, o.name from user_options uo join options o on o.id = uo.option_id
    where uo.user_id = any(${idList(userIds)}) order by uo.user_id, uo.ordre, o.name`);
  const names = new Map<number, string[]>();
  for (const row of result.rows) {
    const own = names.get(row.user_id);
    if (own) own.push(row.name);
    else names.set(row.user_id, [row.name]);
  }
  return names;
}

/** One application access of a user, with what its export needs of the application. */
export type ExportAccessRow = {
  user_id: number;
  application_id: number;
  application: string;
  platform_id: string;
  status: number;
  login: string | null;
  password_encrypted: string | null;
  keys: string | null;
  url_scheme: string | null;
};

/** Some users' accesses, in the catalogue's order (platforms, then applications). */
export async function listExportAccesses(
  db: Executor,
  userIds: readonly number[],
  platformId?: string,
): Promise<ExportAccessRow[]> {
  const result = await db.execute<ExportAccessRow>(sql`
    select ua.user_id, ua.application_id, a.name as application, a.platform_id, ua.status, ua.login,
      ua.password_encrypted, ua.keys, a.urls->>'urlScheme' as url_scheme
    from user_applications ua
      join applications a on a.id = ua.application_id
      join platforms p on p.id = a.platform_id
    where ua.user_id = any(${idList(userIds)}) ${platformId === undefined ? sql`` : sql`and a.platform_id = ${platformId}`}
    order by ua.user_id, p."order", p.id, a."order", a.id`);
  return result.rows;
}

/** An access's credentials and status, all the Full export reads of it. */
export type AccessCredentialsRow = Pick<
  ExportAccessRow,
  'user_id' | 'application_id' | 'status' | 'login' | 'password_encrypted' | 'keys'
>;

/**
 * Some users' accesses, in no order (the Full export places them by application): no join and
 * no sort, and only the columns it writes, which the embedded database hands over far faster.
 */
export async function listAccessCredentials(db: Executor, userIds: readonly number[]): Promise<AccessCredentialsRow[]> {
  const result = await db.execute<AccessCredentialsRow>(sql`
    select user_id, application_id, status, login, password_encrypted, keys from user_applications
    where user_id = any(${idList(userIds)})`);
  return result.rows;
}

/** The catalogue's applications in its order (the Full export's columns). */
export async function listCatalogueApplications(db: Executor): Promise<{ id: number; name: string }[]> {
  const result = await db.execute<{ id: number; name: string }>(sql`
    select a.id, a.name from applications a join platforms p on p.id = a.platform_id
    order by p."order", p.id, a."order", a.id`);
  return result.rows;
}

/** A platform as its export needs it; undefined when unknown. */
export type ExportPlatform = {
  id: string;
  name: string;
  exportFile: string | null;
  exportType: string;
  showsCode: boolean;
  urlSchemeLoginRequired: boolean;
  urlSchemePwdRequired: boolean;
  urlSchemeCodeYesNo: boolean;
};

const SELECT_PLATFORMS = sql`
    select id, name, export_file as "exportFile", export_type as "exportType",
      (platform_code_yes_no or url_scheme_code_yes_no) as "showsCode",
      url_scheme_login_required as "urlSchemeLoginRequired", url_scheme_pwd_required as "urlSchemePwdRequired",
      url_scheme_code_yes_no as "urlSchemeCodeYesNo"
    from platforms`;

export async function findExportPlatform(db: Executor, platformId: string): Promise<ExportPlatform | undefined> {
  const result = await db.execute<ExportPlatform>(sql`${SELECT_PLATFORMS} where id = ${platformId}`);
  return result.rows[0];
}

/** The URL-scheme flags of every platform, by id. */
export async function listSchemeFlags(db: Executor): Promise<Map<string, ExportPlatform>> {
  const result = await db.execute<ExportPlatform>(SELECT_PLATFORMS);
  return new Map(result.rows.map((row) => [row.id, row]));
}

/** The teaching of some users (class and discipline), by class then discipline. */
export async function listTeaching(
  db: Executor,
  userIds: readonly number[],
): Promise<{ user_id: number; class_name: string; discipline: string }[]> {
  const result = await db.execute<{ user_id: number; class_name: string; discipline: string }>(sql`
    select user_id, class_name, discipline from teaching_assignments
    where user_id = any(${idList(userIds)}) order by user_id, class_name, discipline`);
  return result.rows;
}

/** A school's name and the location id its settings hold (null when none), for the ASM and OneRoster archives. */
export async function findArchiveSchool(
  db: Executor,
  uai: string,
): Promise<{ name: string; locationId: string | null } | undefined> {
  const result = await db.execute<{ name: string; location_id: string | null }>(sql`
    select name, deployment->'asmInformations'->>'locationId' as location_id from schools where uai = ${uai}`);
  const row = result.rows[0];
  return row && { name: row.name, locationId: row.location_id };
}

/** The ids of a school's pupils and teachers (an ASM archive's people), by id. */
export async function listRosterUserIds(db: Executor, uai: string): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select id from users where uai = ${uai} and profile_id in (${PROFILES.Eleve}, ${PROFILES.Enseignant}) order by id`);
  return result.rows.map((row) => row.id);
}
