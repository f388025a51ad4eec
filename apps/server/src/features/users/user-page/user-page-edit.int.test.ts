import { REQUIRED, auth, users } from '@console/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decryptSecret } from '#platform/auth/secrets.js';
import { userApplications } from '#platform/db/schema/index.js';
import { injectAs, requestOf, signIn } from '#test/context.js';
import { buildSchool, buildUser } from '#test/factories.js';
import { countAuditEntries, readUser, readUserAudit, setProfileRight } from '#test/users-factories.js';
import { PLATFORM_PASSWORD_EXISTS } from './user-application-edit.service.js';
import {
  appOf,
  apps,
  colleague,
  cookies,
  direction,
  formOf,
  getPage,
  home,
  pupil,
  putPage,
  setUpUserPage,
  t,
  teacher,
} from './user-page.test-support.js';

// The same arrangement as user-page-read.int.test.ts, built anew on this file's own database.
setUpUserPage();

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
      details: {
        fieldErrors: {
          'informations.firstName': [REQUIRED],
          'informations.login': [REQUIRED],
          'informations.password': [REQUIRED],
        },
      },
    });
    const blank = await putPage(cookies.direction, pupil.id, {
      ...form,
      informations: { ...form.informations, lastName: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.fieldErrors['informations.lastName']).toEqual([REQUIRED]);
    const colleaguePage = users.getUser.answer.parse((await getPage(cookies.direction, colleague.id)).json());
    const noEmail = await putPage(cookies.direction, colleague.id, {
      ...formOf(colleaguePage),
      informations: { ...formOf(colleaguePage).informations, email: '' },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().details.fieldErrors).toEqual({ 'informations.email': [users.EMAIL_REQUIRED_FOR_PROFILE] });
    expect((await putPage(cookies.direction, pupil.id, { informations: form.informations })).statusCode).toBe(400);
  });

  it("holds the school's e-mail requirement: nobody is left without one by editing", async () => {
    const strict = (await buildSchool(t.db, { name: 'Lycée exigeant', emailRequired: true })).uai;
    const target = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: strict, email: 'eleve@lycee.fr' });
    const form = formOf(users.getUser.answer.parse((await getPage(cookies.admin, target.id)).json()));
    const cleared = await putPage(cookies.admin, target.id, { ...form, informations: { ...form.informations, email: '' } });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().details.fieldErrors).toEqual({ 'informations.email': [users.EMAIL_REQUIRED_BY_SCHOOL] });
    expect((await readUser(t.db, target.id))!.email).toBe('eleve@lycee.fr');
    const renamed = await putPage(cookies.admin, target.id, {
      ...form,
      informations: { ...form.informations, firstName: 'Zoé' },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('refuses a login another user has, whatever its case', async () => {
    const page = users.getUser.answer.parse((await getPage(cookies.direction, teacher.id)).json());
    const response = await putPage(cookies.direction, teacher.id, {
      ...formOf(page),
      informations: { ...formOf(page).informations, login: colleague.login.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'conflict',
      details: { fieldErrors: { 'informations.login': [users.USERNAME_TAKEN] } },
    });
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
    expect(weak.json().details.fieldErrors).toEqual({ 'informations.password': ['password_rules'] });
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
      'applications.1.keys': [REQUIRED],
      'applications.2.platformLogin': [REQUIRED],
      'applications.2.platformPassword': [REQUIRED],
    });
    const pupilPage = users.getUser.answer.parse((await getPage(cookies.direction, pupil.id)).json());
    const replaced = await putPage(
      cookies.direction,
      pupil.id,
      formOf(pupilPage, [{ applicationId: apps.code.id, status: 1, platformPassword: 'Autre#1' }]),
    );
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().details.fieldErrors).toEqual({ 'applications.0.platformPassword': [PLATFORM_PASSWORD_EXISTS] });
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
      (await putPage(cookies.direction, target.id, { ...reset, informations: { ...reset.informations, password: 'nouv5678' } }))
        .statusCode,
    ).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect((await me(cookies.direction)).statusCode).toBe(200);

    const second = await signIn(t.app, target.login, 'nouv5678');
    const relogged = await formNow(cookies.direction, target.id);
    const newLogin = `${target.login}.b`;
    expect(
      (await putPage(cookies.direction, target.id, { ...relogged, informations: { ...relogged.informations, login: newLogin } }))
        .statusCode,
    ).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(await signIn(t.app, newLogin, 'nouv5678'))).statusCode).toBe(200);
  });

  it('keeps the session of a staff member who resets their own password, and ends their others', async () => {
    const self = await buildUser(t.db, t.env.encryptionKey, {
      profile: 'Administrateur établissement',
      uai: home,
      email: 'soi@example.org',
    });
    const current = await signIn(t.app, self.login, self.password);
    const elsewhere = await signIn(t.app, self.login, self.password);
    const form = await formNow(current, self.id);
    const changed = await putPage(current, self.id, {
      ...form,
      informations: { ...form.informations, password: 'Nouveau#2027' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
  });
});
