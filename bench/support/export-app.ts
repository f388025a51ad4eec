// What the exports bench and its memory probe share: the seed:large school made ready for every
// export of the CSV menu, the callers, the exports as the users view asks for them, and one
// export fetched from a listening server as a browser downloads it, timed to its first and last
// byte.
import { API_PREFIX, PROFILES, userExports } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { resolveEnv } from '../../apps/server/src/platform/config/env.js';
import type { Database } from '../../apps/server/src/platform/db/client.js';
import { DEMO_APPLICATIONS, DEMO_PLATFORMS, requiresCode } from '../../apps/server/src/platform/db/seed/catalogue.js';
import { ensureCatalogue } from '../../apps/server/src/platform/db/seed/reference.js';

/** The users of the school every export selects. */
export const EXPORT_USERS = 5_000;
/** The school's location id, which the ASM and OneRoster exports need (schools.deployment). */
export const EXPORT_LOCATION_ID = 'BENCH-LOC';
/** Classes each teacher teaches (teaching_assignments): the Teaching export's lines and the archives' instructors. */
const CLASSES_PER_TEACHER = 3;

/** The app's configuration for the exports: the defaults, silent. */
export const exportEnv = (dataDir: string) => resolveEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_CACHE_MS: '60000' });

/** The catalogue's platforms the CSV menu offers (for export) that have a file dialect, in the catalogue's order. */
export const exportedPlatforms = () =>
  DEMO_PLATFORMS.filter((platform) => platform.forExport && userExports.platformDialectOf(platform.id) !== undefined).sort(
    (a, b) => a.order - b.order,
  );

/** The school seed:large made (the one with the most users). */
async function findSchool(db: Database): Promise<{ uai: string; extension: string }> {
  const row = (
    await db.execute<{ uai: string; extension: string }>(sql`
      select s.uai, s.extension from schools s join users u on u.uai = s.uai group by s.uai order by count(*) desc limit 1`)
  ).rows[0];
  if (!row) throw new Error('no school with users: was seed:large run?');
  return row;
}

export type PreparedSchool = {
  uai: string;
  /** Pupils added so that the school holds EXPORT_USERS users (seed:large's school holds a few less). */
  added: number;
  /** Accesses written (new or turned on): every user gets an enabled one to the first application of each exported platform. */
  accesses: number;
  teaching: number;
};

/**
 * Makes the seed:large school ready for every export: exactly EXPORT_USERS users (pupils added
 * when short, copying a pupil's level, class and password), its location id, an enabled access
 * for every user to the first application of each exported platform (seed:large gives half the
 * pupils one to three of the school's applications: the platform files would hold a few hundred
 * lines), and CLASSES_PER_TEACHER classes taught by each teacher (seed:large writes no teaching).
 * One statement each; then the statistics.
 */
export async function prepareExportSchool(db: Database): Promise<PreparedSchool> {
  const school = await findSchool(db);
  const { uai } = school;
  const count = async () =>
    Number((await db.execute<{ count: string }>(sql`select count(*) as count from users where uai = ${uai}`)).rows[0]!.count);
  const missing = EXPORT_USERS - (await count());
  if (missing < 0) throw new Error(`the school ${uai} holds ${EXPORT_USERS - missing} users, more than ${EXPORT_USERS}`);
  if (missing > 0) {
    await db.execute(sql`
      insert into users (uai, profile_id, firstname, lastname, login, password_encrypted, level, class_name, link_token, created_by)
      select ${uai}, ${PROFILES.Eleve}, 'Élève', 'Banc ' || n, 'eleve.banc' || n || '.' || ${school.extension},
        p.password_encrypted, p.level, p.class_name, md5('banc-export-' || n || '-' || ${uai}), 'Bench'
      from generate_series(1, ${missing}::int) n
        cross join (select password_encrypted, level, class_name from users
          where uai = ${uai} and profile_id = ${PROFILES.Eleve} and class_name is not null order by id limit 1) p`);
  }
  if ((await count()) !== EXPORT_USERS) throw new Error(`the school ${uai} does not hold ${EXPORT_USERS} users`);

  await db.execute(sql`
    update schools set deployment = deployment
      || jsonb_build_object('asmInformations', coalesce(deployment->'asmInformations', '{}'::jsonb) || jsonb_build_object('locationId', ${EXPORT_LOCATION_ID}::text))
    where uai = ${uai}`);

  const ids = await ensureCatalogue(db);
  const chosen = exportedPlatforms().map((platform) => {
    const application = DEMO_APPLICATIONS.filter((candidate) => candidate.platformId === platform.id).sort(
      (a, b) => a.order - b.order,
    )[0];
    if (!application) throw new Error(`the platform ${platform.id} has no application`);
    return { id: ids.get(application.name)!, withCode: requiresCode(application) };
  });
  const withCode = chosen.filter((application) => application.withCode).map((application) => application.id);
  const accesses = await db.execute(sql`
    insert into user_applications (user_id, application_id, status, login, password_encrypted, keys)
    select u.id, a.id, 1, u.login, u.password_encrypted,
      case when a.id = any(${sql.param(withCode)}::int[]) then 'BEN-' || lpad(to_hex(u.id), 8, '0') end
    from users u cross join unnest(${sql.param(chosen.map((application) => application.id))}::int[]) as a(id)
    where u.uai = ${uai}
    on conflict (user_id, application_id) do update set status = 1`);

  const perTeacher = sql.raw(String(CLASSES_PER_TEACHER));
  const teaching = await db.execute(sql`
    insert into teaching_assignments (user_id, class_name, discipline)
    select t.id, c.class_name, coalesce(t.subject, 'Mathématiques')
    from (select id, subject, row_number() over (order by id) - 1 as n from users where uai = ${uai} and profile_id = ${PROFILES.Enseignant}) t
      join (select class_name, row_number() over (order by class_name) - 1 as k, count(*) over () as total
            from (select distinct class_name from users where uai = ${uai} and profile_id = ${PROFILES.Eleve} and class_name is not null) d) c
        on (c.k - t.n * ${perTeacher} % c.total + c.total) % c.total < least(${perTeacher}, c.total)
    on conflict do nothing`);
  for (const table of ['users', 'schools', 'user_applications', 'teaching_assignments'])
    await db.execute(sql.raw(`analyze ${table}`));
  return { uai, added: missing, accesses: accesses.rowCount ?? 0, teaching: teaching.rowCount ?? 0 };
}

export type ExportSchool = {
  uai: string;
  /** Every user of the school, in the grid's default order (name, first name). */
  userIds: number[];
  profiles: { profile: string; users: number }[];
  /** The school's administrator (every export but the archives' right) and an Administrateur (who has the ASM right). */
  schoolAdministratorId: number;
  administratorId: number;
  /** Lines the URL export and the Teaching export hold, header included. */
  urlLines: number;
  teachingLines: number;
};

/** The prepared school as the exports see it; changes nothing. */
export async function readExportSchool(db: Database): Promise<ExportSchool> {
  const { uai } = await findSchool(db);
  const userIds = (
    await db.execute<{ id: number }>(sql`select id from users where uai = ${uai} order by lastname, firstname, id`)
  ).rows.map((row) => row.id);
  const profiles = (
    await db.execute<{ profile: string; users: string }>(sql`
      select p.name as profile, count(*) as users from users u join profiles p on p.id = u.profile_id
      where u.uai = ${uai} group by p.name order by count(*) desc`)
  ).rows.map((row) => ({ profile: row.profile, users: Number(row.users) }));
  const first = async (condition: ReturnType<typeof sql>) => {
    const row = (await db.execute<{ id: number }>(sql`select id from users where ${condition} order by id limit 1`)).rows[0];
    if (!row) throw new Error('no such caller in the seeded database');
    return row.id;
  };
  // The URL export: a line per user and enabled access with a URL scheme, or one alone.
  const urlLines = Number(
    (
      await db.execute<{ lines: string }>(sql`
        select 1 + sum(greatest(1, (select count(*) from user_applications ua join applications a on a.id = ua.application_id
          where ua.user_id = u.id and ua.status = 1 and a.urls->>'urlScheme' is not null))) as lines
        from users u where u.uai = ${uai}`)
    ).rows[0]!.lines,
  );
  const teachingLines =
    1 +
    Number(
      (
        await db.execute<{ count: string }>(sql`
          select count(*) as count from teaching_assignments t join users u on u.id = t.user_id where u.uai = ${uai}`)
      ).rows[0]!.count,
    );
  return {
    uai,
    userIds,
    profiles,
    schoolAdministratorId: await first(
      sql`uai = ${uai} and profile_id = ${PROFILES['Administrateur établissement']} and not disabled`,
    ),
    administratorId: await first(sql`profile_id = ${PROFILES.Administrateur} and not disabled`),
    urlLines,
    teachingLines,
  };
}

/** What an export's file is: CSV in a dialect (with the lines it must hold), an XLSX workbook or a zip. */
/** What a file answer is: the exports' CSV, XLSX and zips, and the sheets' PDF. */
export type ExportKind = 'csv' | 'xlsx' | 'zip' | 'pdf';

export type ExportRequest = {
  name: string;
  kind: ExportKind;
  path: string;
  body: Record<string, unknown>;
  caller: 'schoolAdministrator' | 'administrator';
  /** CSV: the lines the file holds, header included. */
  lines?: number;
  /** CSV: what the dialect is, as the report shows it. */
  dialect?: string;
};

const describeDialect = (dialect: userExports.CsvDialect) =>
  `'${dialect.separator}'${dialect.quoteAll ? ', quoted' : ''}${dialect.bom ? ', BOM' : ''}`;

/** Every export of the CSV menu, of `userIds`, as the users view posts it. */
export function exportRequests(
  school: Pick<ExportSchool, 'uai' | 'urlLines' | 'teachingLines'>,
  userIds: number[],
): ExportRequest[] {
  const selection = { uai: school.uai, userIds };
  const everyone = userIds.length + 1;
  const requests: ExportRequest[] = userExports.USER_EXPORT_TYPES.map((type) => ({
    name: type,
    kind: 'csv',
    path: userExports.exportUsers.path,
    body: { ...selection, type },
    caller: 'schoolAdministrator',
    lines: everyone,
    dialect: describeDialect(type === 'brut' ? userExports.CSV_DIALECTS.BRUT : userExports.CSV_DIALECTS.FULL),
  }));
  requests.push(
    {
      name: 'teaching',
      kind: 'csv',
      path: userExports.exportTeaching.path,
      body: selection,
      caller: 'schoolAdministrator',
      lines: school.teachingLines,
      dialect: describeDialect(userExports.CSV_DIALECTS.FULL),
    },
    {
      name: 'url',
      kind: 'csv',
      path: userExports.getMajExport.path,
      body: selection,
      caller: 'schoolAdministrator',
      lines: school.urlLines,
      dialect: describeDialect(userExports.CSV_DIALECTS.URL),
    },
  );
  for (const platform of exportedPlatforms()) {
    const dialect = userExports.platformDialectOf(platform.id)!;
    requests.push({
      name: platform.id,
      kind: platform.exportType === 'XLSX' ? 'xlsx' : 'csv',
      path: userExports.exportPlatform.path,
      body: { ...selection, platformId: platform.id },
      caller: 'schoolAdministrator',
      ...(platform.exportType === 'XLSX' ? {} : { lines: everyone, dialect: describeDialect(dialect) }),
    });
  }
  requests.push(
    { name: 'asm', kind: 'zip', path: userExports.exportAsm.path, body: selection, caller: 'administrator' },
    { name: 'oneroster', kind: 'zip', path: userExports.exportOneRoster.path, body: selection, caller: 'administrator' },
  );
  return requests;
}

/** The origin of a listening app. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

export type FetchedExport = {
  status: number;
  mediaType: string;
  /** From sending the request to the answer's headers, to its first body bytes, to its last, milliseconds. */
  headersMs: number;
  firstByteMs: number;
  lastByteMs: number;
  /** The app's Server-Timing: from the request to its answer's headers (before any row of a streamed file). */
  serverMs: number;
  bytes: number;
  /** LF count: a CSV export ends every line, the last one too, with CRLF. */
  lines: number;
  /** The first bytes (a zip's 'PK'), and the start of the body of an error answer. */
  head: Buffer;
  chunks: number;
};

/**
 * Posts one export and reads its body as it arrives, keeping nothing but counts (a browser saving
 * a download): what the server streams is not held by the client.
 */
export async function fetchExport(
  origin: string,
  request: Pick<ExportRequest, 'path' | 'body'>,
  cookie: string,
): Promise<FetchedExport> {
  const started = performance.now();
  const response = await fetch(origin + API_PREFIX + request.path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  });
  const headersMs = performance.now() - started;
  let firstByteMs = Number.NaN;
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (chunks === 0) firstByteMs = performance.now() - started;
    chunks++;
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    if (headBytes < 512) {
      head.push(Buffer.from(chunk.subarray(0, 512 - headBytes)));
      headBytes += Math.min(chunk.length, 512 - headBytes);
    }
  }
  const lastByteMs = performance.now() - started;
  return {
    status: response.status,
    mediaType: response.headers.get('content-type') ?? '',
    headersMs,
    firstByteMs,
    lastByteMs,
    serverMs: Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN),
    bytes,
    lines,
    head: Buffer.concat(head),
    chunks,
  };
}

/** Why a fetched export is not what it should be, or undefined. */
export function checkExport(request: ExportRequest, fetched: FetchedExport): string | undefined {
  if (fetched.status !== 200) return `answered ${fetched.status}: ${fetched.head.toString('utf8').slice(0, 300)}`;
  const isZip = fetched.head.subarray(0, 2).toString('latin1') === 'PK';
  if (request.kind === 'csv') {
    if (!fetched.mediaType.startsWith('text/csv')) return `media type ${fetched.mediaType}`;
    if (fetched.lines !== request.lines) return `${fetched.lines} lines, not ${request.lines}`;
  } else if (request.kind === 'pdf') {
    if (fetched.head.subarray(0, 5).toString('latin1') !== '%PDF-') return 'not a PDF';
  } else if (!isZip) {
    return `not a zip (starts with ${JSON.stringify(fetched.head.subarray(0, 4).toString('latin1'))})`;
  }
  return undefined;
}
