import { imports } from '@console/contract';
import { verify as verifyHash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../platform/auth/secrets.js';
import { importBatchChunks, importBatches, teachingAssignments, users } from '../../platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '../../../test/context.js';
import { buildSchool, buildSignedInUsers, buildUser, giveOptions } from '../../../test/factories.js';
import { postImportFile } from './imports.test-support.js';
import {
  buildCredentialApplication,
  countAuditEntries,
  readAccess,
  readOptionNames,
  readUser,
} from '../../../test/users-factories.js';

let t: TestContext;
let home: string;
let other: string;
let cookies: Record<'admin' | 'manager' | 'direction' | 'outsider', string>;
let actorIds: Record<'admin' | 'manager' | 'direction' | 'outsider', number>;
let manuel: { id: number; name: string };

beforeAll(async () => {
  // Small limits, so that a test can pass them.
  t = await createTestContext({ IMPORT_MAX_LINES: '40', IMPORT_MAX_MEGABYTES: '1' });
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin', extension: 'moulin' })).uai;
  other = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  const signedIn = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    manager: { profile: 'Gestionnaire', managedSchools: [home] },
    direction: { profile: 'Administrateur établissement', uai: home, email: 'direction@moulin.fr' },
    outsider: { profile: 'Administrateur établissement', uai: other, email: 'direction@pasteur.fr' },
  });
  cookies = signedIn.cookies;
  actorIds = {
    admin: signedIn.users.admin.id,
    manager: signedIn.users.manager.id,
    direction: signedIn.users.direction.id,
    outsider: signedIn.users.outsider.id,
  };
  const application = await buildCredentialApplication(t.db, 'Manuel Maths');
  manuel = { id: application.id, name: application.name };
});
afterAll(() => t.close());

type Caller = keyof typeof cookies;

/** Posts a file (text or bytes) with the view's fields, or none. */
const verify = (caller: Caller, file: { name?: string; text?: string; bytes?: Buffer } | null, fields: Record<string, string>) =>
  postImportFile(
    t,
    cookies[caller],
    file && { name: file.name ?? 'eleves.csv', bytes: file.bytes ?? Buffer.from(file.text ?? '', 'utf8') },
    fields,
  );

const verifyCsv = (caller: Caller, mode: imports.ImportMode, text: string, uai = home) => verify(caller, { text }, { mode, uai });

function verified(response: LightMyRequestResponse): imports.ImportCheckAnswer {
  expect(response.statusCode, response.body).toBe(200);
  return imports.importCheckAnswerSchema.parse(response.json());
}

const decide = (caller: Caller, importNumber: number, body: object) =>
  injectAs(t.app, cookies[caller], { ...requestOf(imports.confirmImport, { importNumber }), payload: body });

function applied(response: LightMyRequestResponse): imports.ImportResult {
  expect(response.statusCode, response.body).toBe(200);
  return imports.importResultSchema.parse(response.json());
}

const usersOfImport = (importNumber: number) =>
  t.db.select().from(users).where(eq(users.importNumber, importNumber)).orderBy(users.id);
const countUsers = () => t.db.$count(users);
const countBatches = () => t.db.$count(importBatches);

function problemsOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { details: { reason: string }; errors: imports.ImportProblem[] };
  expect(body.details.reason).toBe('import_invalid');
  return body.errors.map(({ msg, line, field }) => ({ msg, line, field }));
}

describe('POST /users/batch: verifying new users', () => {
  it('plans every line without writing a user: cleaned names, logins by the rules with a number on a collision, generated passwords', async () => {
    await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other, login: 'jean.dupont.moulin' });
    const usersBefore = await countUsers();
    const csv = [
      'Profil;Nom;Prénom;Niveau;Classe;Login;Option1;Manuel Maths',
      'Eleve;dupont;jean;6ème;6A;;Latin;1',
      'Eleve;Dupont;Jean;6e;6B;;;',
      'Enseignant;Curie;Marie;;;m.curie;;1',
    ].join('\r\n');
    const answer = verified(await verifyCsv('direction', 'users_initial', csv));
    expect(await countUsers()).toBe(usersBefore);
    expect(answer).toMatchObject({
      mode: 'users_initial',
      uai: home,
      counts: { create: 3, update: 0, unchanged: 0, teaching: 0 },
      format: { separator: ';' },
    });
    const [first, second, third] = answer.users;
    // 'jean.dupont.moulin' is taken (in another school: logins are unique everywhere), then the file's first Jean takes the number 2.
    expect(first).toMatchObject({
      line: 2,
      action: 'create',
      userId: null,
      informations: { login: 'jean.dupont2.moulin', level: '6e', class: '6A', profile: 'Eleve' },
    });
    expect(second!.informations.login).toBe('jean.dupont3.moulin');
    expect(third!.informations).toMatchObject({ login: 'm.curie', profile: 'Enseignant', level: null });
    expect(first!.informations.password).toMatch(/^[bcdfghjklmnprstvz][aeiou][bcdfghjklmnprstvz][aeiou]\d{4}$/);
    expect(first!.options).toEqual([{ idOption: null, name: 'Latin' }]);
    expect(first!.applications).toEqual([{ idApplication: manuel.id, etat: 1, login: 'jean.dupont2.moulin', code: null }]);
    expect(second!.applications).toEqual([]);
  });

  it('reads a UTF-16 file with its byte order mark (as Excel\'s "Unicode text" writes it)', async () => {
    const text = ['Profil;Nom;Prénom;Niveau', 'Eleve;Nguyễn;Zoé;5e'].join('\r\n');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const answer = verified(await verify('direction', { bytes }, { mode: 'users_initial', uai: home }));
    expect(answer.format.encoding).toBe('utf-16le');
    expect(answer.users[0]!.informations).toMatchObject({ firstName: 'Zoé', level: '5e' });
  });

  it('confirms exactly what it previewed, in one go, under the import number', async () => {
    const csv = [
      'Profil;Nom;Prénom;Niveau;Option1;Option2;Manuel Maths',
      'Eleve;Martin;Léa;5e;Latin;Grec;1',
      'Eleve;Petit;Hugo;4e;;;0',
    ].join('\n');
    const preview = verified(await verifyCsv('direction', 'users_initial', csv));
    const result = applied(await decide('direction', preview.importNumber, { confirmation: 1, excludeUsers: [] }));
    expect(result).toMatchObject({ status: 'applied', counts: { created: 2, updated: 0, excluded: 0 } });
    const created = await usersOfImport(preview.importNumber);
    expect(created).toHaveLength(2);
    // The dry run and the real import agree, user by user: login, names, level and password as previewed.
    for (const previewed of preview.users) {
      const user = created.find((row) => row.login === previewed.informations.login)!;
      expect(user).toMatchObject({
        uai: home,
        firstname: previewed.informations.firstName,
        lastname: previewed.informations.lastName,
        level: previewed.informations.level,
        passwordHash: null,
      });
      expect(decryptSecret(t.env.encryptionKey, user.passwordEncrypted!)).toBe(previewed.informations.password);
      expect(result.lines.find((line) => line.line === previewed.line)).toMatchObject({
        outcome: 'created',
        userId: user.id,
        login: user.login,
      });
    }
    const lea = created.find((row) => row.firstname === 'Léa')!;
    expect(await readOptionNames(t.db, lea.id)).toEqual(['Latin', 'Grec']);
    expect(await readAccess(t.db, lea.id, manuel.id)).toMatchObject({ status: 1, login: lea.login });
    expect(await readAccess(t.db, created.find((row) => row.firstname === 'Hugo')!.id, manuel.id)).toBeUndefined();
    // Applied once: a second confirmation changes nothing.
    const again = await decide('direction', preview.importNumber, { confirmation: 1, excludeUsers: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ details: { reason: 'import_not_pending' } });
    expect(await usersOfImport(preview.importNumber)).toHaveLength(2);
  });

  it('hashes the password of a staff account when applied (never printed), keeps those of pupils encrypted, and audits each new user', async () => {
    const auditBefore = await countAuditEntries(t.db, 'import');
    const csv = [
      'Profil;Nom;Prénom;Mail;Niveau',
      'Administrateur établissement;Chef;Anne;anne.chef@moulin.fr;',
      'Eleve;Vidal;Noa;;6e',
    ].join('\n');
    const preview = verified(await verifyCsv('direction', 'users_initial', csv));
    applied(await decide('direction', preview.importNumber, { confirmation: 1, excludeUsers: [] }));
    const created = await usersOfImport(preview.importNumber);
    const anne = created.find((user) => user.firstname === 'Anne');
    const noa = created.find((user) => user.firstname === 'Noa');
    expect(anne).toMatchObject({ email: 'anne.chef@moulin.fr', passwordEncrypted: null });
    expect(await verifyHash(anne!.passwordHash!, preview.users[0]!.informations.password!)).toBe(true);
    expect(noa).toMatchObject({ passwordHash: null });
    expect(await countAuditEntries(t.db, 'import')).toBe(auditBefore + 2);
  });

  it('leaves out the excluded lines, and cancels without writing anything', async () => {
    const csv = ['Profil;Nom;Prénom;Niveau', 'Eleve;Bernard;Ana;3e', 'Eleve;Thomas;Noé;3e', 'Eleve;Robert;Lina;3e'].join('\n');
    const preview = verified(await verifyCsv('direction', 'users_initial', csv));
    const result = applied(await decide('direction', preview.importNumber, { confirmation: 1, excludeUsers: [3] }));
    expect(result.counts).toMatchObject({ created: 2, excluded: 1 });
    expect(result.lines.find((line) => line.line === 3)).toMatchObject({ outcome: 'excluded', userId: null });
    expect((await usersOfImport(preview.importNumber)).map((user) => user.firstname).sort()).toEqual(['Ana', 'Lina']);

    const cancelled = verified(await verifyCsv('direction', 'users_initial', csv.replace(/3e/g, '4e').replace('Ana', 'Zoé')));
    const usersBefore = await countUsers();
    expect(applied(await decide('direction', cancelled.importNumber, { confirmation: 0, excludeUsers: [] }))).toMatchObject({
      status: 'cancelled',
      counts: { created: 0, excluded: 3 },
    });
    expect(await countUsers()).toBe(usersBefore);
    const late = await decide('direction', cancelled.importNumber, { confirmation: 1, excludeUsers: [] });
    expect(late.statusCode).toBe(409);
  });

  it('writes nothing when the school changed since the verification (a login taken meanwhile): all or nothing', async () => {
    const csv = ['Profil;Nom;Prénom;Niveau;Login', 'Eleve;Garcia;Tom;3e;tom.garcia', 'Eleve;Roux;Eva;3e;eva.roux'].join('\n');
    const preview = verified(await verifyCsv('direction', 'users_initial', csv));
    await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other, login: 'EVA.ROUX' });
    const response = await decide('direction', preview.importNumber, { confirmation: 1, excludeUsers: [] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      details: { reason: 'import_stale' },
      errors: [{ msg: imports.IMPORT_ERRORS.loginTaken, line: 3, field: 'Login' }],
    });
    expect(await usersOfImport(preview.importNumber)).toHaveLength(0);
    expect((await t.db.select().from(importBatches).where(eq(importBatches.id, preview.importNumber)))[0]!.status).toBe(
      'verified',
    );
  });

  it('answers every problem with its line and column, and stores nothing', async () => {
    // Held in another school (a login of this school names its user: match-existing.int.test.ts).
    await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other, login: 'pris.deja' });
    const batchesBefore = await countBatches();
    const csv = [
      'Profil;Nom;Prénom;Niveau;Login',
      'Eleve;Durand;Paul;6e;pris.deja',
      'Eleve;Durand;Zoé;Terminale S;',
      'Administrateur établissement;Chef;Anne;;',
      'Eleve;Faure;Luc;6e;luc.faure',
      'Eleve;Faure;Lucas;6e;LUC.FAURE',
    ].join('\n');
    expect(problemsOf(await verifyCsv('direction', 'users_initial', csv))).toEqual([
      { msg: imports.IMPORT_ERRORS.loginTaken, line: 2, field: 'Login' },
      { msg: imports.IMPORT_ERRORS.unknownLevel, line: 3, field: 'Niveau' },
      // A school administrator needs an e-mail.
      { msg: imports.IMPORT_ERRORS.required, line: 4, field: 'Mail' },
      { msg: imports.IMPORT_ERRORS.duplicateLogin, line: 6, field: 'Login' },
    ]);
    expect(await countBatches()).toBe(batchesBefore);
  });

  it('refuses no file, a file that is not .csv, a file over the size or line limit, with their messages', async () => {
    const noFile = await verify('direction', null, { mode: 'users_initial', uai: home });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      details: { reason: 'import_file_required', fieldErrors: { csvfile: ['imports.file_required'] } },
    });
    const spreadsheet = await verify(
      'direction',
      { name: 'eleves.xlsx', text: 'Profil;Nom' },
      { mode: 'users_initial', uai: home },
    );
    expect(spreadsheet.json()).toMatchObject({ details: { reason: 'import_file_not_csv' } });
    const large = await verify(
      'direction',
      { bytes: Buffer.alloc(1.5 * 1024 * 1024, 'a') },
      { mode: 'users_initial', uai: home },
    );
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ details: { reason: 'import_file_too_large', params: { max: 1 } } });
    const long = [
      'Profil;Nom;Prénom;Niveau',
      ...Array.from({ length: 41 }, (_unused, index) => `Eleve;Nom${index};Prénom;6e`),
    ].join('\n');
    expect(problemsOf(await verifyCsv('direction', 'users_initial', long))).toEqual([
      { msg: imports.IMPORT_ERRORS.tooManyLines, line: expect.any(Number), field: null },
    ]);
    const badMode = await verify('direction', { text: 'Profil' }, { mode: 'everything', uai: home });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json()).toMatchObject({ details: { fieldErrors: { mode: [expect.any(String)] } } });
    const headerOnly = await verifyCsv('direction', 'users_initial', 'Profil;Nom;Prénom;Niveau\n');
    expect(problemsOf(headerOnly)).toEqual([{ msg: imports.IMPORT_ERRORS.noLines, line: 2, field: null }]);
  });
});

describe('POST /users/batch: updating users', () => {
  it('previews only what changes (before → after), applies it, and leaves unchanged lines alone', async () => {
    const pupil = await buildUser(t.db, t.env.encryptionKey, {
      profile: 'Eleve',
      uai: home,
      login: 'maj.eleve',
      firstname: 'Inès',
      lastname: 'LEROY',
      level: '6e',
      className: '6A',
    });
    await giveOptions(t.db, { id: pupil.id, uai: home }, ['Latin']);
    const calm = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home, login: 'maj.calme', level: '6e' });
    const stranger = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other, login: 'maj.ailleurs' });
    const csv = [
      'Login;Niveau;Classe;Option1;Option2',
      'maj.eleve;5e;5B;Latin;Théâtre',
      'maj.calme;6e;;;',
      `maj.ailleurs;5e;;;`,
    ].join('\n');
    // A user of another school is unknown to this school's import.
    expect(problemsOf(await verifyCsv('direction', 'users_update', csv))).toEqual([
      { msg: imports.IMPORT_ERRORS.unknownUser, line: 4, field: 'Login' },
    ]);

    const preview = verified(await verifyCsv('direction', 'users_update', csv.split('\n').slice(0, 3).join('\n')));
    expect(preview.counts).toMatchObject({ update: 1, unchanged: 1 });
    expect(preview.users[0]).toMatchObject({
      action: 'update',
      userId: pupil.id,
      informations: { login: 'maj.eleve', level: '5e', class: '5B', firstName: 'Inès' },
      changes: [
        { field: 'Niveau', before: '6e', after: '5e' },
        { field: 'Classe', before: '6A', after: '5B' },
        { field: 'Options', before: 'Latin', after: 'Latin, Théâtre' },
      ],
    });
    expect(preview.users[1]).toMatchObject({ action: 'unchanged', userId: calm.id, changes: [] });
    expect((await readUser(t.db, pupil.id))!.level).toBe('6e');

    const update = await injectAs(t.app, cookies.direction, {
      ...requestOf(imports.applyUpdateImport),
      payload: { importNumber: preview.importNumber },
    });
    expect(applied(update)).toMatchObject({ status: 'applied', counts: { updated: 1, unchanged: 1 } });
    expect(await readUser(t.db, pupil.id)).toMatchObject({
      level: '5e',
      className: '5B',
      firstname: 'Inès',
      importNumber: preview.importNumber,
    });
    expect(await readOptionNames(t.db, pupil.id)).toEqual(['Latin', 'Théâtre']);
    expect(await readUser(t.db, calm.id)).toMatchObject({ level: '6e', importNumber: null });
    expect((await readUser(t.db, stranger.id))!.level).toBeNull();
  });

  it('refuses a new login another account holds', async () => {
    const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home });
    await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: other, login: 'login.occupe' });
    const csv = ['ID utilisateur;Login', `${pupil.id};login.occupe`].join('\n');
    expect(problemsOf(await verifyCsv('direction', 'users_update', csv))).toEqual([
      { msg: imports.IMPORT_ERRORS.loginTaken, line: 2, field: 'Login' },
    ]);
  });
});

describe('POST /users/batch: teaching', () => {
  it('adds who teaches what where, for a caller with adminTabs; an assignment held stays one', async () => {
    const teacher = await buildUser(t.db, t.env.encryptionKey, { profile: 'Enseignant', uai: home, login: 'prof.maths' });
    const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home, login: 'eleve.pas.prof' });
    const csv = ['Login;Classe;Discipline', 'prof.maths;6A;Mathématiques', 'prof.maths;6B;Mathématiques'].join('\n');
    // A school administrator has no adminTabs: the teaching import is not theirs.
    const refused = await verifyCsv('direction', 'teaching', csv);
    expect(refused.statusCode).toBe(403);
    expect(problemsOf(await verifyCsv('manager', 'teaching', `${csv}\n${pupil.login};6A;Français`))).toEqual([
      { msg: imports.IMPORT_ERRORS.notTeacher, line: 4, field: null },
    ]);

    const preview = verified(await verifyCsv('manager', 'teaching', csv));
    expect(preview.users.map((user) => [user.action, user.teaching])).toEqual([
      ['teaching', [{ class: '6A', discipline: 'Mathématiques' }]],
      ['teaching', [{ class: '6B', discipline: 'Mathématiques' }]],
    ]);
    // The update call does not apply a teaching import.
    const wrong = await injectAs(t.app, cookies.manager, {
      ...requestOf(imports.applyUpdateImport),
      payload: { importNumber: preview.importNumber },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ details: { reason: 'import_wrong_mode' } });
    const put = await injectAs(t.app, cookies.manager, {
      ...requestOf(imports.applyTeachingImport),
      payload: { importNumber: preview.importNumber },
    });
    expect(applied(put).counts).toMatchObject({ teaching: 2 });
    const held = await t.db
      .select()
      .from(teachingAssignments)
      .where(eq(teachingAssignments.userId, teacher.id))
      .orderBy(teachingAssignments.className);
    expect(held.map((row) => [row.className, row.discipline, row.importNumber])).toEqual([
      ['6A', 'Mathématiques', preview.importNumber],
      ['6B', 'Mathématiques', preview.importNumber],
    ]);
    const again = verified(await verifyCsv('manager', 'teaching', csv));
    expect(again.counts).toMatchObject({ teaching: 0, unchanged: 2 });
  });
});

describe('rights and reach', () => {
  it('answers 404 to a school administrator importing into another school, and to anyone confirming an import not theirs', async () => {
    const csv = ['Profil;Nom;Prénom;Niveau', 'Eleve;Blanc;Rose;6e'].join('\n');
    const batchesBefore = await countBatches();
    const outside = await verifyCsv('direction', 'users_initial', csv, other);
    expect(outside.statusCode).toBe(404);
    expect(await countBatches()).toBe(batchesBefore);

    const preview = verified(await verifyCsv('direction', 'users_initial', csv));
    for (const caller of ['outsider', 'manager', 'admin'] as const) {
      const response = await decide(caller, preview.importNumber, { confirmation: 1, excludeUsers: [] });
      expect(response.statusCode, caller).toBe(404);
    }
    expect(await usersOfImport(preview.importNumber)).toHaveLength(0);
    const unknown = await decide('direction', 999_999, { confirmation: 1, excludeUsers: [] });
    expect(unknown.statusCode).toBe(404);
  });

  it('numbers an import after the highest import number users carry, so that the grid filter shows its users only', async () => {
    await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home, importNumber: 5000 });
    const first = verified(
      await verifyCsv('direction', 'users_initial', ['Profil;Nom;Prénom;Niveau', 'Eleve;Numéro;Un;6e'].join('\n')),
    );
    expect(first.importNumber).toBe(5001);
    const second = verified(
      await verifyCsv('direction', 'users_initial', ['Profil;Nom;Prénom;Niveau', 'Eleve;Numéro;Deux;6e'].join('\n')),
    );
    expect(second.importNumber).toBe(5002);
  });

  it('cancels a verification left unconfirmed for a day, its plan dropped, when another file is verified', async () => {
    const old = verified(
      await verifyCsv('direction', 'users_initial', ['Profil;Nom;Prénom;Niveau', 'Eleve;Ancien;Paul;6e'].join('\n')),
    );
    await t.db.execute(sql`update import_batches set created_at = now() - interval '25 hours' where id = ${old.importNumber}`);
    verified(await verifyCsv('direction', 'users_initial', ['Profil;Nom;Prénom;Niveau', 'Eleve;Récent;Paul;6e'].join('\n')));
    const [row] = await t.db.select().from(importBatches).where(eq(importBatches.id, old.importNumber));
    expect(row!.status).toBe('cancelled');
    expect(await t.db.$count(importBatchChunks, eq(importBatchChunks.batchId, old.importNumber))).toBe(0);
    const late = await decide('direction', old.importNumber, { confirmation: 1, excludeUsers: [] });
    expect(late.statusCode).toBe(409);
    expect(await usersOfImport(old.importNumber)).toHaveLength(0);
  });

  it('records the author of each verified batch', async () => {
    const preview = verified(
      await verifyCsv('admin', 'users_initial', ['Profil;Nom;Prénom;Niveau', 'Eleve;Noir;Jade;6e'].join('\n')),
    );
    const [batch] = await t.db
      .execute<{ created_by_id: number; status: string }>(
        sql`select created_by_id, status from import_batches where id = ${preview.importNumber}`,
      )
      .then((result) => result.rows);
    expect(batch).toEqual({ created_by_id: actorIds.admin, status: 'verified' });
  });
});
