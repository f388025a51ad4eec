import { auth, users, type UserPage } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '../../../platform/auth/secrets.js';
import { userApplications } from '../../../platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, signIn, signInEach, type TestContext } from '../../../../test/context.js';
import { buildSchool, buildUser, giveApplication, giveOptions, type BuiltUser } from '../../../../test/factories.js';
import {
  buildCredentialApplication,
  buildDevice,
  countAuditEntries,
  readUser,
  readUserAudit,
  setProfileRight,
} from '../../../../test/users-factories.js';
import { PLATFORM_PASSWORD_EXISTS } from './user-application-edit.service.js';

let t: TestContext;
let home: string;
let cookies: Record<'admin' | 'manager' | 'direction' | 'pupil' | 'teacher', string>;
let direction: BuiltUser;
let pupil: BuiltUser;
let teacher: BuiltUser;
let colleague: BuiltUser;
let locked: BuiltUser;
let manager: BuiltUser;
const apps = {} as Record<'code' | 'plain' | 'demanding', { id: number; name: string }>;

beforeAll(async () => {
  t = await createTestContext();
  const key = t.env.encryptionKey;
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  const managed = (await buildSchool(t.db, { name: 'Lycée Victor Hugo' })).uai;
  const admin = await buildUser(t.db, key, { profile: 'Administrateur' });
  manager = await buildUser(t.db, key, { profile: 'Gestionnaire', managedSchools: [managed], email: 'gestion@example.org' });
  direction = await buildUser(t.db, key, { profile: 'Administrateur établissement', uai: home, email: 'direction@example.org' });
  colleague = await buildUser(t.db, key, {
    profile: 'Administrateur établissement',
    uai: home,
    email: 'adjoint@example.org',
    firstname: 'Paul',
    lastname: 'ADJOINT',
  });
  pupil = await buildUser(t.db, key, {
    profile: 'Eleve',
    uai: home,
    password: 'ravo4821',
    level: '6e',
    className: '6A',
    createdBy: 'Import',
    firstname: 'Lou',
    lastname: 'MARTIN',
  });
  teacher = await buildUser(t.db, key, {
    profile: 'Enseignant',
    uai: home,
    password: 'bime5532',
    subject: 'Histoire',
    firstname: 'Anne',
    lastname: 'PROF',
  });
  locked = await buildUser(t.db, key, { profile: 'Eleve', uai: home, locked: true });
  apps.code = await buildCredentialApplication(t.db, 'Educadhoc', {
    application: { applicationCodeYesNo: true, applicationCodeRequired: true },
  });
  apps.plain = await buildCredentialApplication(t.db, 'Le Robert', {
    application: { worksWithCas: true, urls: { urlLine: 'https://lerobert.example/ligne' } },
  });
  apps.demanding = await buildCredentialApplication(t.db, 'Kiosque', {
    platform: { urlSchemeLoginRequired: true, urlSchemePwdRequired: true, urlSchemeCodeYesNo: true, urlSchemeCodeRequired: true },
  });
  await giveApplication(t.db, pupil, apps.code, {
    keys: 'EDU-1',
    login: 'edu.login',
    passwordEncrypted: encryptSecret(key, 'Plat#1'),
    validToken: 'OK',
  });
  await giveApplication(t.db, pupil, apps.plain, { status: 0 });
  await giveOptions(t.db, pupil, ['Latin', 'Grec']);
  await buildDevice(t.db, pupil, { model: 'Ancienne tablette', modifiedAt: new Date('2025-01-10T08:00:00Z') });
  await buildDevice(t.db, pupil, { model: 'iPad 10', modifiedAt: new Date('2026-03-02T09:30:00Z'), availableSpace: 20480 });
  cookies = await signInEach(t.app, { admin, manager, direction, pupil, teacher });
});
afterAll(() => t.close());

const getPage = (cookie: string, id: number | string) => injectAs(t.app, cookie, requestOf(users.getUser, { id }));
const putPage = (cookie: string, id: number, payload: object) =>
  injectAs(t.app, cookie, { ...requestOf(users.updateUser, { id }), payload });
const appOf = (page: UserPage, id: number) =>
  page.applications.find((application) => application.informations.applicationId === id)?.informations;

/** The form's body for a page as it is (nothing changed). */
function formOf(page: UserPage, applications: unknown[] = []) {
  const { informations } = page;
  return {
    informations: {
      firstName: informations.firstName,
      lastName: informations.lastName,
      login: informations.login,
      password: informations.password ?? '',
      email: informations.email,
    },
    applications,
  };
}

describe('GET /users/:id', () => {
  it('answers a pupil’s page to their school administrator: access, every application, options, devices, abilities', async () => {
    const response = await getPage(cookies.direction, pupil.id);
    expect(response.statusCode).toBe(200);
    const page = users.getUser.answer.parse(response.json());
    expect(page.informations).toMatchObject({
      userId: pupil.id,
      login: pupil.login,
      password: 'ravo4821',
      hasPrintablePassword: true,
      level: '6e',
      className: '6A',
      profile: 'Eleve',
      uai: home,
      schoolName: 'Collège Jean Moulin',
      qrCode: pupil.linkToken,
      createdBy: 'Import',
      editedOn: null,
      locked: false,
    });
    expect(Date.parse(page.informations.createdOn!)).toBeGreaterThan(Date.now() - 600_000);
    expect(page.applications.map((application) => application.informations.applicationName)).toEqual([
      'Educadhoc',
      'Le Robert',
      'Kiosque',
    ]);
    expect(appOf(page, apps.code.id)).toEqual({
      applicationId: apps.code.id,
      applicationName: 'Educadhoc',
      platformId: expect.any(String),
      status: 1,
      platformLogin: 'edu.login',
      platformPassword: 'Plat#1',
      hasPlatformPassword: true,
      applicationKeys: 'EDU-1',
      worksWithCas: false,
      platformValidToken: 'OK',
    });
    expect(appOf(page, apps.plain.id)).toMatchObject({
      status: 0,
      worksWithCas: true,
      hasPlatformPassword: false,
      platformPassword: null,
    });
    expect(page.applications.find((application) => application.informations.applicationId === apps.plain.id)?.urls).toEqual({
      urlLine: 'https://lerobert.example/ligne',
    });
    expect(appOf(page, apps.demanding.id)).toMatchObject({ status: 0, platformLogin: null, platformValidToken: null });
    expect(page.options).toEqual([
      { optionId: expect.any(Number), name: 'Latin', ordre: 1 },
      { optionId: expect.any(Number), name: 'Grec', ordre: 2 },
    ]);
    expect(page.devices.map((device) => device.model)).toEqual(['iPad 10', 'Ancienne tablette']);
    expect(page.devices[0]).toMatchObject({
      availableSpace: 20480,
      operatingSystem: 'iPadOS 17',
      applicationVersion: '3.2.1',
      modificationDate: '2026-03-02T09:30:00.000Z',
    });
    expect(page.abilities).toEqual({ canEditProfile: true, canEditApplications: true, canSeePasswords: true, canUnlock: false });
  });

  it('shows a pupil only their own page, with their password and enabled applications, and nothing to edit', async () => {
    const response = await getPage(cookies.pupil, pupil.id);
    expect(response.statusCode).toBe(200);
    const page = users.getUser.answer.parse(response.json());
    expect(page.informations.password).toBe('ravo4821');
    expect(page.applications.map((application) => application.informations.applicationName)).toEqual(['Educadhoc']);
    expect(appOf(page, apps.code.id)?.platformPassword).toBe('Plat#1');
    expect(page.abilities).toEqual({
      canEditProfile: false,
      canEditApplications: false,
      canSeePasswords: true,
      canUnlock: false,
    });
    expect((await getPage(cookies.pupil, teacher.id)).statusCode).toBe(404);
    expect((await getPage(cookies.pupil, direction.id)).statusCode).toBe(404);
    const patch = await injectAs(t.app, cookies.pupil, {
      ...requestOf(users.patchUser, { id: pupil.id }),
      payload: { key: 'informations', value: { level: '5e' } },
    });
    expect(patch.statusCode).toBe(403);
    expect((await putPage(cookies.pupil, pupil.id, formOf(page))).statusCode).toBe(403);
  });

  it('shows a teacher their own page only', async () => {
    expect((await getPage(cookies.teacher, teacher.id)).json().informations.password).toBe('bime5532');
    expect((await getPage(cookies.teacher, pupil.id)).statusCode).toBe(404);
  });

  it('answers 404 out of reach or unknown, 400 for a malformed id', async () => {
    expect((await getPage(cookies.manager, pupil.id)).statusCode).toBe(404);
    expect((await getPage(cookies.admin, 999_999)).statusCode).toBe(404);
    expect((await getPage(cookies.admin, 'abc')).statusCode).toBe(400);
    expect((await getPage(cookies.manager, manager.id)).statusCode).toBe(200);
  });

  it('leaves out the applications and devices of a page for who may not read those sections', async () => {
    await setProfileRight(t.db, 'Administrateur établissement', 'UserPage_Apps', { lecture: 0, ecriture: 0 });
    await setProfileRight(t.db, 'Administrateur établissement', 'UserPage_Devices', { lecture: 0, ecriture: 0 });
    try {
      const reader = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai: home });
      const page = (await getPage(await signIn(t.app, reader.login, reader.password), pupil.id)).json();
      expect(page).toMatchObject({ applications: [], devices: [], informations: { login: pupil.login } });
      expect(JSON.stringify(page)).not.toContain('Plat#1');
    } finally {
      await setProfileRight(t.db, 'Administrateur établissement', 'UserPage_Apps', { lecture: 1, ecriture: 1 });
      await setProfileRight(t.db, 'Administrateur établissement', 'UserPage_Devices', { lecture: 1, ecriture: 1 });
    }
  });

  it('offers the unlock of a locked account to an Administrateur only', async () => {
    expect((await getPage(cookies.admin, locked.id)).json().abilities.canUnlock).toBe(true);
    expect((await getPage(cookies.direction, locked.id)).json().abilities.canUnlock).toBe(false);
    expect((await getPage(cookies.admin, pupil.id)).json().abilities.canUnlock).toBe(false);
  });
});

describe('PUT /users/:id', () => {
  it('stores cleaned names and login, the new printable password encrypted and the applications, with one audit entry', async () => {
    const target = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home, password: 'kilo1234' });
    const before = users.getUser.answer.parse((await getPage(cookies.direction, target.id)).json());
    const response = await putPage(cookies.direction, target.id, {
      informations: {
        firstName: '  jean-pierre ',
        lastName: 'dupont',
        login: 'Jean.Dupont',
        password: 'neva7781',
        email: 'jp@example.org',
      },
      applications: [
        { applicationId: apps.plain.id, status: 1 },
        { applicationId: apps.demanding.id, status: 1, platformLogin: 'jp.kiosque', platformPassword: 'Kiosk#9', keys: 'K-77' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const page = users.updateUser.answer.parse(response.json());
    expect(page.informations).toMatchObject({
      firstName: 'Jean-Pierre',
      lastName: 'DUPONT',
      login: 'jean.dupont',
      password: 'neva7781',
      email: 'jp@example.org',
    });
    expect(page.informations.editedBy).toBe(`${direction.firstname} ${direction.lastname}`);
    expect(Date.parse(page.informations.editedOn!)).toBeGreaterThan(Date.now() - 60_000);
    expect(appOf(page, apps.plain.id)?.status).toBe(1);
    expect(appOf(page, apps.demanding.id)).toMatchObject({
      status: 1,
      platformLogin: 'jp.kiosque',
      platformPassword: 'Kiosk#9',
      applicationKeys: 'K-77',
      hasPlatformPassword: true,
    });

    const row = await readUser(t.db, target.id);
    expect(decryptSecret(t.env.encryptionKey, row!.passwordEncrypted!)).toBe('neva7781');
    const [access] = await t.db.select().from(userApplications).where(eq(userApplications.applicationId, apps.demanding.id));
    expect(access!.passwordEncrypted).not.toContain('Kiosk#9');

    const audit = await readUserAudit(t.db, target.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'update',
      uai: home,
      actorId: direction.id,
      before: {
        firstname: before.informations.firstName,
        lastname: before.informations.lastName,
        login: target.login,
        email: null,
        password: '[secret]',
      },
      after: {
        firstname: 'Jean-Pierre',
        lastname: 'DUPONT',
        login: 'jean.dupont',
        email: 'jp@example.org',
        password: '[changed]',
        applications: {
          'Le Robert': { status: 1 },
          Kiosque: { status: 1, login: 'jp.kiosque', keys: 'K-77', password: '[changed]' },
        },
      },
    });
    const written = JSON.stringify(audit);
    expect(written).not.toContain('neva7781');
    expect(written).not.toContain('kilo1234');
    expect(written).not.toContain('Kiosk#9');
  });

  it('writes nothing when nothing changed', async () => {
    const page = users.getUser.answer.parse((await getPage(cookies.direction, pupil.id)).json());
    const entries = await countAuditEntries(t.db);
    const response = await putPage(
      cookies.direction,
      pupil.id,
      formOf(page, [{ applicationId: apps.code.id, status: 1, platformPassword: 'Plat#1' }]),
    );
    expect(response.statusCode).toBe(200);
    expect(await countAuditEntries(t.db)).toBe(entries);
    expect(response.json().informations.editedOn).toBeNull();
  });

  it('refuses names or a login that clean to nothing, a blank printable password and a missing manager e-mail', async () => {
    const page = users.getUser.answer.parse((await getPage(cookies.direction, pupil.id)).json());
    const form = formOf(page);
    const cleanedAway = await putPage(cookies.direction, pupil.id, {
      ...form,
      informations: { ...form.informations, firstName: '1234', login: '***', password: '' },
    });
    expect(cleanedAway.statusCode).toBe(400);
    expect(cleanedAway.json()).toMatchObject({
      code: 'validation_failed',
      details: { fieldErrors: { firstName: [users.REQUIRED], login: [users.REQUIRED], password: [users.REQUIRED] } },
    });
    const blank = await putPage(cookies.direction, pupil.id, {
      ...form,
      informations: { ...form.informations, lastName: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.fieldErrors['informations.lastName']).toEqual([users.REQUIRED]);
    const colleaguePage = users.getUser.answer.parse((await getPage(cookies.direction, colleague.id)).json());
    const noEmail = await putPage(cookies.direction, colleague.id, {
      ...formOf(colleaguePage),
      informations: { ...formOf(colleaguePage).informations, email: '' },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().details.fieldErrors).toEqual({ email: [users.EMAIL_REQUIRED_FOR_PROFILE] });
    expect((await putPage(cookies.direction, pupil.id, { informations: form.informations })).statusCode).toBe(400);
  });

  it('refuses a login another user has, whatever its case', async () => {
    const page = users.getUser.answer.parse((await getPage(cookies.direction, teacher.id)).json());
    const response = await putPage(cookies.direction, teacher.id, {
      ...formOf(page),
      informations: { ...formOf(page).informations, login: colleague.login.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'conflict', details: { fieldErrors: { login: [users.USERNAME_TAKEN] } } });
  });

  it('keeps a staff hash when the password is blank, and hashes a new one that meets the rules', async () => {
    const page = users.getUser.answer.parse((await getPage(cookies.direction, colleague.id)).json());
    expect(page.informations).toMatchObject({ password: null, hasPrintablePassword: false });
    const form = formOf(page);
    const weak = await putPage(cookies.direction, colleague.id, {
      ...form,
      informations: { ...form.informations, password: 'faible' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.fieldErrors).toEqual({ password: ['password_rules'] });
    const renamed = await putPage(cookies.direction, colleague.id, {
      ...form,
      informations: { ...form.informations, firstName: 'adèle' },
    });
    expect(renamed.json().informations.firstName).toBe('Adèle');
    await signIn(t.app, colleague.login, colleague.password);
    const renamedForm = formOf(users.getUser.answer.parse(renamed.json()));
    expect(
      (
        await putPage(cookies.direction, colleague.id, {
          ...renamedForm,
          informations: { ...renamedForm.informations, password: 'Nouveau#2026' },
        })
      ).statusCode,
    ).toBe(200);
    await signIn(t.app, colleague.login, 'Nouveau#2026');
    const row = await readUser(t.db, colleague.id);
    expect(row).toMatchObject({ passwordEncrypted: null, firstname: 'Adèle' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an unknown application, an enabled one missing its code, and a new password over a stored one', async () => {
    const page = users.getUser.answer.parse((await getPage(cookies.direction, teacher.id)).json());
    const response = await putPage(
      cookies.direction,
      teacher.id,
      formOf(page, [
        { applicationId: 999_999, status: 1 },
        { applicationId: apps.code.id, status: 1 },
        { applicationId: apps.demanding.id, status: 1, keys: 'K' },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({
      'applications.0.applicationId': [users.UNKNOWN_APPLICATION],
      'applications.1.code': [users.REQUIRED],
      'applications.2.login': [users.REQUIRED],
      'applications.2.password': [users.REQUIRED],
    });
    const pupilPage = users.getUser.answer.parse((await getPage(cookies.direction, pupil.id)).json());
    const replaced = await putPage(
      cookies.direction,
      pupil.id,
      formOf(pupilPage, [{ applicationId: apps.code.id, status: 1, platformPassword: 'Autre#1' }]),
    );
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().details.fieldErrors).toEqual({ 'applications.0.password': [PLATFORM_PASSWORD_EXISTS] });
    const [access] = await t.db.select().from(userApplications).where(eq(userApplications.userId, teacher.id));
    expect(access).toBeUndefined();
  });

  it('answers 404 out of reach and 403 without FicheUser_profil at Ecriture', async () => {
    const page = users.getUser.answer.parse((await getPage(cookies.direction, pupil.id)).json());
    expect((await putPage(cookies.manager, pupil.id, formOf(page))).statusCode).toBe(404);
    await setProfileRight(t.db, 'Administrateur établissement', 'FicheUser_profil', { lecture: 1, ecriture: 0 });
    try {
      const reader = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai: home });
      const cookie = await signIn(t.app, reader.login, reader.password);
      expect((await putPage(cookie, pupil.id, formOf(page))).statusCode).toBe(403);
      expect((await getPage(cookie, pupil.id)).json().abilities).toMatchObject({
        canEditProfile: false,
        canEditApplications: false,
        canSeePasswords: true,
      });
    } finally {
      await setProfileRight(t.db, 'Administrateur établissement', 'FicheUser_profil', { lecture: 1, ecriture: 1 });
    }
  });
});

describe('sessions after a reset (PUT /users/:id)', () => {
  const me = (cookie: string) => injectAs(t.app, cookie, requestOf(auth.me));
  const formNow = async (cookie: string, id: number) => formOf(users.getUser.answer.parse((await getPage(cookie, id)).json()));

  it("ends the user's sessions when their password or login is reset, and not for another edit", async () => {
    const target = await buildUser(t.db, t.env.encryptionKey, { profile: 'Enseignant', uai: home, password: 'tavo1234' });
    const session = await signIn(t.app, target.login, 'tavo1234');
    const renamed = await formNow(cookies.direction, target.id);
    await putPage(cookies.direction, target.id, { ...renamed, informations: { ...renamed.informations, firstName: 'Renommé' } });
    expect((await me(session)).statusCode).toBe(200);

    const reset = await formNow(cookies.direction, target.id);
    expect(
      (await putPage(cookies.direction, target.id, { ...reset, informations: { ...reset.informations, password: 'nouv5678' } })).statusCode,
    ).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect((await me(cookies.direction)).statusCode).toBe(200);

    const second = await signIn(t.app, target.login, 'nouv5678');
    const relogged = await formNow(cookies.direction, target.id);
    const newLogin = `${target.login}.b`;
    expect(
      (await putPage(cookies.direction, target.id, { ...relogged, informations: { ...relogged.informations, login: newLogin } })).statusCode,
    ).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(await signIn(t.app, newLogin, 'nouv5678'))).statusCode).toBe(200);
  });

  it('keeps the session of a staff member who resets their own password, and ends their others', async () => {
    const self = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai: home, email: 'soi@example.org' });
    const current = await signIn(t.app, self.login, self.password);
    const elsewhere = await signIn(t.app, self.login, self.password);
    const form = await formNow(current, self.id);
    const changed = await putPage(current, self.id, { ...form, informations: { ...form.informations, password: 'Nouveau#2027' } });
    expect(changed.statusCode).toBe(200);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
  });
});
