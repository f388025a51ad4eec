import { imports } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { importBatches, users } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers } from '#test/factories.js';
import { buildCredentialApplication } from '#test/users-factories.js';

/**
 * Posts a file to the import's verification as the import view does (multipart/form-data: the
 * fields in order, then `csvfile`), or no file at all.
 */
export async function postImportFile(
  t: TestContext,
  cookie: string,
  file: { name: string; bytes: Buffer } | null,
  fields: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(imports.IMPORT_FILE_FIELD, new Blob([file.bytes], { type: 'text/csv' }), file.name);
  const encoded = new Response(form);
  return injectAs(t.app, cookie, {
    ...requestOf(imports.verifyImport),
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  });
}

type Caller = 'admin' | 'manager' | 'direction' | 'outsider';

/**
 * The import tests' world: two schools (home with the extension `moulin`), a caller of each
 * profile signed in, an application with credentials, and small limits a test can pass.
 */
export type ImportsWorld = {
  t: TestContext;
  home: string;
  other: string;
  cookies: Record<Caller, string>;
  actorIds: Record<Caller, number>;
  manuel: { id: number; name: string };
};

/** Two schools, their callers and an application; files of at most 40 lines and 1 MiB unless `limits` say otherwise. */
export async function buildImportsWorld(limits: { IMPORT_MAX_LINES?: string } = {}): Promise<ImportsWorld> {
  const t = await createTestContext({ IMPORT_MAX_LINES: '40', IMPORT_MAX_MEGABYTES: '1', ...limits });
  const home = (await buildSchool(t.db, { name: 'Collège Jean Moulin', extension: 'moulin' })).uai;
  const other = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  const signedIn = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    manager: { profile: 'Gestionnaire', managedSchools: [home] },
    direction: { profile: 'Administrateur établissement', uai: home, email: 'direction@moulin.fr' },
    outsider: { profile: 'Administrateur établissement', uai: other, email: 'direction@pasteur.fr' },
  });
  const actorIds = {
    admin: signedIn.users.admin.id,
    manager: signedIn.users.manager.id,
    direction: signedIn.users.direction.id,
    outsider: signedIn.users.outsider.id,
  };
  const application = await buildCredentialApplication(t.db, 'Manuel Maths');
  return { t, home, other, cookies: signedIn.cookies, actorIds, manuel: { id: application.id, name: application.name } };
}

/** The calls the import tests make as one of the world's callers (the world as it is when called). */
export function importCalls(world: () => ImportsWorld) {
  /** Posts a file (text or bytes) with the view's fields, or none. */
  const verify = (
    caller: Caller,
    file: { name?: string; text?: string; bytes?: Buffer } | null,
    fields: Record<string, string>,
  ) =>
    postImportFile(
      world().t,
      world().cookies[caller],
      file && { name: file.name ?? 'eleves.csv', bytes: file.bytes ?? Buffer.from(file.text ?? '', 'utf8') },
      fields,
    );
  return {
    verify,
    verifyCsv: (caller: Caller, mode: imports.ImportMode, text: string, uai = world().home) =>
      verify(caller, { text }, { mode, uai }),
    decide: (caller: Caller, importNumber: number, body: object) =>
      injectAs(world().t.app, world().cookies[caller], { ...requestOf(imports.confirmImport, { importNumber }), payload: body }),
    usersOfImport: (importNumber: number) =>
      world().t.db.select().from(users).where(eq(users.importNumber, importNumber)).orderBy(users.id),
    countUsers: () => world().t.db.$count(users),
    countBatches: () => world().t.db.$count(importBatches),
  };
}

/** A verification's answer, expected 200. */
export function verified(response: LightMyRequestResponse): imports.ImportCheckAnswer {
  expect(response.statusCode, response.body).toBe(200);
  return imports.importCheckAnswerSchema.parse(response.json());
}

/** A confirmation's answer, expected 200. */
export function applied(response: LightMyRequestResponse): imports.ImportResult {
  expect(response.statusCode, response.body).toBe(200);
  return imports.importResultSchema.parse(response.json());
}

/** A refused file's problems (400 import_invalid), each as message, line and column. */
export function problemsOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { details: { reason: string }; errors: imports.ImportProblem[] };
  expect(body.details.reason).toBe('import_invalid');
  return body.errors.map(({ msg, line, field }) => ({ msg, line, field }));
}
