import { imports } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers, buildUser } from '#test/factories.js';
import { countAuditEntries } from '#test/users-factories.js';
import { importBatches } from '#platform/db/schema/index.js';
import { decideImport, listHistory, snapshotDatabase, verifyCsv } from '../rollback/rollback.test-support.js';
import { recoverInterruptedImports, STEP_LINES } from './apply-in-steps.js';

/**
 * The stepped confirmation (issue 31 §1): on the embedded database a confirmation runs in steps
 * of STEP_LINES lines so that others are served meanwhile, and stays all or nothing. The features
 * are told they run on the embedded database, so that the steps run on PostgreSQL too.
 */

const LINES = STEP_LINES * 3 + 50;

let t: TestContext;
let home: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestContext({ IMPORT_MAX_LINES: String(LINES) }, { engine: 'pglite' });
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin', extension: 'moulin' })).uai;
  cookie = (
    await buildSignedInUsers(t, {
      direction: { profile: 'Administrateur établissement', uai: home, email: 'direction@moulin.fr' },
    })
  ).cookies.direction;
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.execute(sql`drop trigger if exists refuse_login on users`);
});

/** A file of new pupils whose logins say their number ('pas.1', 'pas.2'…). */
function pupilsFile(prefix: string, count: number): string {
  const lines = Array.from({ length: count }, (_unused, index) => `Eleve;PAS;Léa;6e;6A;${prefix}.${index + 1}`);
  return ['Profil;Nom;Prénom;Niveau;Classe;Login', ...lines].join('\n');
}

/** A change file for some logins, giving each a class. */
const classFile = (logins: readonly string[], className: string) =>
  ['Login;Classe', ...logins.map((login) => `${login};${className}`)].join('\n');

const countImported = async (importNumber: number) =>
  Number(
    (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users where import_number = ${importNumber}`)).rows[0]!
      .n,
  );

/** Makes the database refuse to write a user with this login, as a constraint of the database would. */
async function refuseLogin(login: string, on: 'insert' | 'update'): Promise<void> {
  await t.db.execute(
    sql.raw(`
    create or replace function refuse_login() returns trigger language plpgsql as $$
    begin raise exception 'refused by the test'; end $$`),
  );
  await t.db.execute(
    sql.raw(`
    create trigger refuse_login before ${on} on users for each row when (new.login = '${login}') execute function refuse_login()`),
  );
}

const confirm = (importNumber: number) =>
  injectAs(t.app, cookie, {
    ...requestOf(imports.confirmImport, { importNumber }),
    payload: { confirmation: 1, excludeUsers: [] },
  });

describe('a confirmation in steps', () => {
  it('lets other requests read between its steps, and applies every line', async () => {
    const preview = await verifyCsv(t, cookie, 'users_initial', home, pupilsFile('pas', LINES));
    let done = false;
    const confirming = confirm(preview.importNumber).finally(() => (done = true));
    const seen = new Set<number>();
    const progress: { status: string; done: number; total: number }[] = [];
    // Each read waits for its turn as a request would (an in-process loop of reads would never let the server's next turn come).
    while (!done) {
      seen.add(await countImported(preview.importNumber));
      const entry = (await listHistory(t, cookie, home)).find((candidate) => candidate.importNumber === preview.importNumber);
      if (entry?.progress) progress.push({ status: entry.status, ...entry.progress });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await confirming).statusCode).toBe(200);
    // In one transaction, another reader would only ever see none or all of them.
    expect([...seen].some((count) => count > 0 && count < LINES)).toBe(true);
    // The history tells how far it is: a step's lines at a time, out of all of them.
    expect(progress.some(({ status, done, total }) => status === 'applying' && done > 0 && done < LINES && total === LINES)).toBe(
      true,
    );
    expect(await countImported(preview.importNumber)).toBe(LINES);
    expect((await listHistory(t, cookie, home)).find((entry) => entry.importNumber === preview.importNumber)?.status).toBe(
      'applied',
    );
  });

  it('applies a file once when it is confirmed twice at the same time', async () => {
    const preview = await verifyCsv(t, cookie, 'users_initial', home, pupilsFile('deux', LINES));
    const answers = await Promise.all([confirm(preview.importNumber), confirm(preview.importNumber)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      details: { reason: 'import_not_pending' },
    });
    expect(await countImported(preview.importNumber)).toBe(LINES);
  });

  it('refuses before writing anything when logins were taken since the verification, naming each line', async () => {
    const preview = await verifyCsv(t, cookie, 'users_initial', home, pupilsFile('pris', LINES));
    // Taken since: the file's first and last logins.
    for (const login of ['pris.1', `pris.${LINES}`])
      await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home, login });
    const before = await snapshotDatabase(t);
    const refused = await confirm(preview.importNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      details: { reason: 'import_stale', params: { count: 2 } },
      errors: [
        { msg: imports.IMPORT_ERRORS.loginTaken, line: 2, params: { login: 'pris.1' } },
        { msg: imports.IMPORT_ERRORS.loginTaken, line: LINES + 1, params: { login: `pris.${LINES}` } },
      ],
    });
    expect(await snapshotDatabase(t)).toEqual(before);
    expect((await listHistory(t, cookie, home)).find((entry) => entry.importNumber === preview.importNumber)?.status).toBe(
      'verified',
    );
  });

  it('takes back the steps before a step that fails: the database as before, the file to confirm again', async () => {
    const preview = await verifyCsv(t, cookie, 'users_initial', home, pupilsFile('new', LINES));
    const auditsBefore = await countAuditEntries(t.db, 'import_apply_failed');
    const before = await snapshotDatabase(t);
    // The last step's first line.
    await refuseLogin(`new.${STEP_LINES * 3 + 1}`, 'insert');
    expect((await confirm(preview.importNumber)).statusCode).toBe(500);
    expect(await snapshotDatabase(t)).toEqual(before);
    expect(await countAuditEntries(t.db, 'import_apply_failed')).toBe(auditsBefore + 1);
    expect((await listHistory(t, cookie, home)).find((entry) => entry.importNumber === preview.importNumber)?.status).toBe(
      'verified',
    );

    await t.db.execute(sql`drop trigger refuse_login on users`);
    expect((await decideImport(t, cookie, preview.importNumber, 1)).counts.created).toBe(LINES);
  });

  it('puts back what the steps of an update changed when a later step fails', async () => {
    const logins = Array.from({ length: STEP_LINES + 20 }, (_unused, index) => `pas.${index + 1}`);
    const preview = await verifyCsv(t, cookie, 'users_update', home, classFile(logins, '5B'));
    const before = await snapshotDatabase(t);
    await refuseLogin(logins.at(-1)!, 'update');
    expect((await confirm(preview.importNumber)).statusCode).toBe(500);
    expect(await snapshotDatabase(t)).toEqual(before);
  });

  it('is taken back at start-up when a stop interrupted it', async () => {
    const preview = await verifyCsv(t, cookie, 'users_initial', home, pupilsFile('stop', STEP_LINES + 10));
    await decideImport(t, cookie, preview.importNumber, 1);
    // As a stop before the last transaction leaves it: every step's undo kept, the batch applying.
    await t.db.update(importBatches).set({ status: 'applying' }).where(eq(importBatches.id, preview.importNumber));
    expect(await recoverInterruptedImports(t.db)).toBe(1);
    expect(await countImported(preview.importNumber)).toBe(0);
    expect((await listHistory(t, cookie, home)).find((entry) => entry.importNumber === preview.importNumber)?.status).toBe(
      'verified',
    );
    expect(await recoverInterruptedImports(t.db)).toBe(0);
  });
});
