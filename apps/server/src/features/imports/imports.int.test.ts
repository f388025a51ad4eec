import { imports } from '@console/contract';
import { verify as verifyHash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '#platform/auth/secrets.js';
import { importBatches, schools } from '#platform/db/schema/index.js';
import type { TestContext } from '#test/context.js';
import { buildUser } from '#test/factories.js';
import { applied, buildImportsWorld, importCalls, problemsOf, verified, type ImportsWorld } from './imports.test-support.js';
import { countAuditEntries, readAccess, readOptionNames } from '#test/users-factories.js';

/** The new-users import, verified then confirmed through the API (updates and teaching: imports-update.int.test.ts). */
let world: ImportsWorld;
let t: TestContext;
let home: string;
let other: string;
let manuel: ImportsWorld['manuel'];

beforeAll(async () => {
  world = await buildImportsWorld();
  ({ t, home, other, manuel } = world);
});
afterAll(() => t.close());

const { verify, verifyCsv, decide, usersOfImport, countUsers, countBatches } = importCalls(() => world);

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
    const response = await verifyCsv('direction', 'users_initial', csv);
    const answer = verified(response);
    expect(await countUsers()).toBe(usersBefore);
    // What each phase took, for the network panel and the benchmark.
    expect(String(response.headers['server-timing'])).toMatch(
      /^app;dur=[\d.]+, upload;dur=[\d.]+, school;dur=[\d.]+, read;dur=[\d.]+, plan;dur=[\d.]+, pack;dur=[\d.]+, preview;dur=[\d.]+, worker;dur=[\d.]+, store;dur=[\d.]+$/,
    );
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
    const response = await decide('direction', preview.importNumber, { confirmation: 1, excludeUsers: [] });
    const result = applied(response);
    expect(result).toMatchObject({ status: 'applied', counts: { created: 2, updated: 0, excluded: 0 } });
    expect(String(response.headers['server-timing'])).toMatch(
      /^app;dur=[\d.]+, open;dur=[\d.]+, apply;dur=[\d.]+, close;dur=[\d.]+$/,
    );
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
      // Nothing left once the school's rules clean them (users.cleanNames, as the forms).
      'Eleve;$$$;Léa;6e;@@@',
    ].join('\n');
    expect(problemsOf(await verifyCsv('direction', 'users_initial', csv))).toEqual([
      { msg: imports.IMPORT_ERRORS.loginTaken, line: 2, field: 'Login' },
      { msg: imports.IMPORT_ERRORS.unknownLevel, line: 3, field: 'Niveau' },
      // A school administrator needs an e-mail.
      { msg: imports.IMPORT_ERRORS.required, line: 4, field: 'Mail' },
      { msg: imports.IMPORT_ERRORS.duplicateLogin, line: 6, field: 'Login' },
      { msg: imports.IMPORT_ERRORS.required, line: 7, field: 'Nom' },
      { msg: imports.IMPORT_ERRORS.required, line: 7, field: 'Login' },
    ]);
    expect(await countBatches()).toBe(batchesBefore);
  });

  it('asks an e-mail of every line in a school that requires one, as the new-user form does', async () => {
    const csv = ['Profil;Nom;Prénom;Niveau;Mail', 'Eleve;Morel;Inès;6e;ines.morel@moulin.fr', 'Eleve;Morel;Noé;6e;'].join('\n');
    expect(verified(await verifyCsv('outsider', 'users_initial', csv, other)).counts.create).toBe(2);
    await t.db.update(schools).set({ emailRequired: true }).where(eq(schools.uai, other));
    try {
      expect(problemsOf(await verifyCsv('outsider', 'users_initial', csv, other))).toEqual([
        { msg: imports.IMPORT_ERRORS.required, line: 3, field: 'Mail' },
      ]);
    } finally {
      await t.db.update(schools).set({ emailRequired: false }).where(eq(schools.uai, other));
    }
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
