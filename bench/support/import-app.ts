// What the import bench and its memory probe share: the app's configuration, a fresh school with
// its administrator for each import, and the two calls of an import as the import view makes them.
import { API_PREFIX, buildPath, computeUaiCheckLetter, imports, PROFILES } from '@console/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomToken } from '../../apps/server/src/platform/auth/secrets.js';
import { resolveEnv } from '../../apps/server/src/platform/config/env.js';
import type { Database } from '../../apps/server/src/platform/db/client.js';
import { DEMO_APPLICATIONS, requiresCode } from '../../apps/server/src/platform/db/seed/catalogue.js';
import { ensureCatalogue } from '../../apps/server/src/platform/db/seed/reference.js';
import { schools, users } from '../../apps/server/src/platform/db/schema/index.js';
import type { ImportFileApplication } from './import-file.js';
import { createSession } from './session.js';

export type ImportSchool = { uai: string; cookie: string };
/** An answer timed: through inject to its last byte, and by the server (Server-Timing's `app`, to its headers, and each phase it names). */
export type Timed<T> = { status: number; serverMs: number; wallMs: number; phases: Record<string, number>; answer: T };

/** The metrics of a Server-Timing header (`app;dur=12.5, read;dur=3.1`), by name. */
export function serverTimingOf(header: unknown): Record<string, number> {
  return Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((metric) => /^\s*([\w-]+);dur=([\d.]+)\s*$/.exec(metric))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, Number(match[2])]),
  );
}

/** The app's configuration: the import limits raised to what the bench posts (the defaults are 50,000 lines and 20 MiB). */
export function importEnv(dataDir: string, limits: { maxLines: number; maxMegabytes: number }) {
  return resolveEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_CACHE_MS: '60000',
    IMPORT_MAX_LINES: String(limits.maxLines),
    IMPORT_MAX_MEGABYTES: String(limits.maxMegabytes),
  });
}

/** The catalogue the seed writes (idempotent), as the file's columns name it. */
export async function listImportApplications(db: Database): Promise<ImportFileApplication[]> {
  const ids = await ensureCatalogue(db);
  return DEMO_APPLICATIONS.filter((application) => ids.has(application.name)).map((application) => ({
    name: application.name,
    requiresCode: requiresCode(application),
  }));
}

/**
 * An empty school (own extension, so that its generated logins collide with no other school's)
 * and its signed-in school administrator, who imports into it.
 */
export async function createImportSchool(db: Database, tag: string): Promise<ImportSchool> {
  const taken = new Set(
    (await db.execute<{ uai: string }>(sql`select uai from schools where uai like '0999%'`)).rows.map((row) => row.uai),
  );
  const uaiOf = (number: number) => {
    const digits = `0999${String(number).padStart(3, '0')}`;
    return digits + computeUaiCheckLetter(digits);
  };
  let number = 0;
  while (taken.has(uaiOf(number))) number++;
  const uai = uaiOf(number);
  await db.insert(schools).values({ uai, name: `Collège du banc d'essai ${tag}`, town: 'Lyon', extension: `banc-${tag}` });
  const [admin] = await db
    .insert(users)
    .values({
      uai,
      profileId: PROFILES['Administrateur établissement'],
      firstname: 'Directrice',
      lastname: 'Banc',
      login: `direction.banc-${tag}`,
      email: `direction.${tag}@banc.example.org`,
      linkToken: randomToken(),
    })
    .returning({ id: users.id });
  return { uai, cookie: await createSession(db, admin!.id) };
}

/** The multipart/form-data body the import view posts: mode and school, then the file. */
export async function verifyBody(
  school: ImportSchool,
  bytes: Buffer,
  mode: imports.ImportMode = 'users_initial',
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('mode', mode);
  form.append('uai', school.uai);
  form.append(imports.IMPORT_FILE_FIELD, new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'eleves.csv');
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

async function timedInject<T>(app: FastifyInstance, request: InjectOptions & { method: string; url: string }): Promise<Timed<T>> {
  const started = performance.now();
  const response = await app.inject(request);
  const wallMs = performance.now() - started;
  const { app: serverMs = Number.NaN, ...phases } = serverTimingOf(response.headers['server-timing']);
  if (response.statusCode !== 200)
    throw new Error(`${request.method} ${request.url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
  return { status: response.statusCode, serverMs, wallMs, phases, answer: response.json() as T };
}

/** POST /api/users/batch; throws unless it answers 200 (a problem in the file is a bench bug). */
export function postVerify(
  app: FastifyInstance,
  school: ImportSchool,
  body: { payload: Buffer; contentType: string },
): Promise<Timed<imports.ImportCheckAnswer>> {
  return timedInject(app, {
    method: imports.verifyImport.method,
    url: API_PREFIX + imports.verifyImport.path,
    payload: body.payload,
    headers: { cookie: school.cookie, 'content-type': body.contentType },
  });
}

/** POST /api/users/batch/:importNumber with every line kept. */
export function postConfirm(
  app: FastifyInstance,
  school: ImportSchool,
  importNumber: number,
): Promise<Timed<imports.ImportResult>> {
  return timedInject(app, {
    method: imports.confirmImport.method,
    url: API_PREFIX + buildPath(imports.confirmImport.path, { importNumber }),
    payload: { confirmation: 1, excludeUsers: [] },
    headers: { cookie: school.cookie },
  });
}

/**
 * The ids of the users an import created in a school made by createImportSchool, in the file's
 * order: its users but the administrator, who came first. What an update file of them names.
 */
export async function importedUserIds(db: Database, uai: string): Promise<number[]> {
  const created = await db.select({ id: users.id }).from(users).where(eq(users.uai, uai)).orderBy(asc(users.id));
  return created.slice(1).map((row) => row.id);
}
