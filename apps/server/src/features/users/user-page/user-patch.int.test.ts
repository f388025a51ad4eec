import { REQUIRED, auth, isGeneratedPasswordShape, PROFILES, users } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '#platform/auth/secrets.js';
import { managerSchools, options } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import {
  buildSchool,
  buildSignedInUsers,
  buildUser,
  giveApplication,
  giveOptions,
  type BuildUserOptions,
  type BuiltUser,
} from '#test/factories.js';
import {
  buildCredentialApplication,
  countAuditEntries,
  readAccess,
  readUser,
  readUserAudit,
  setProfileRight,
} from '#test/users-factories.js';
import { PLATFORM_PASSWORD_EXISTS } from './user-application-edit.service.js';
import { UNKNOWN_OPTION } from './user-patch.service.js';

let t: TestContext;
let home: string;
let elsewhere: string;
let cookies: Record<'admin' | 'manager' | 'direction', string>;
let direction: BuiltUser;
const apps = {} as Record<'code' | 'plain' | 'stored', { id: number; name: string }>;
const optionIds = {} as Record<'latin' | 'grec' | 'foreign', number>;

beforeAll(async () => {
  t = await createTestContext();
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  const managed = (await buildSchool(t.db)).uai;
  elsewhere = (await buildSchool(t.db)).uai;
  const signedIn = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    manager: { profile: 'Gestionnaire', managedSchools: [managed] },
    direction: { profile: 'Administrateur établissement', uai: home, email: 'direction@example.org' },
  });
  cookies = signedIn.cookies;
  direction = signedIn.users.direction;
  const optionRows = await t.db
    .insert(options)
    .values([
      { uai: home, name: 'Latin' },
      { uai: home, name: 'Grec' },
      { uai: elsewhere, name: 'Chinois' },
    ])
    .returning();
  optionIds.latin = optionRows[0]!.id;
  optionIds.grec = optionRows[1]!.id;
  optionIds.foreign = optionRows[2]!.id;
  apps.code = await buildCredentialApplication(t.db, 'Educadhoc', {
    application: { applicationCodeYesNo: true, applicationCodeRequired: true },
  });
  apps.plain = await buildCredentialApplication(t.db, 'Le Robert');
  apps.stored = await buildCredentialApplication(t.db, 'Kiosque', { platform: { urlSchemePwdRequired: true } });
});
afterAll(() => t.close());

const patch = (cookie: string, id: number, payload: object) =>
  injectAs(t.app, cookie, { ...requestOf(users.patchUser, { id }), payload });
const pupilOfHome = (values: Partial<BuildUserOptions> = {}) =>
  buildUser(t.db, t.env.encryptionKey, {
    profile: 'Eleve',
    uai: home,
    password: 'ravo4821',
    level: '6e',
    className: '6A',
    ...values,
  });
const rowOf = async (id: number) => (await readUser(t.db, id))!;

describe('PATCH /users/:id informations', () => {
  it('changes fields, answers the grid row, and audits before and after with the editor', async () => {
    const pupil = await pupilOfHome();
    const response = await patch(cookies.direction, pupil.id, {
      key: 'informations',
      value: { level: '5e', className: '5B', adminMode: 1, lastname: 'durand' },
    });
    expect(response.statusCode).toBe(200);
    const { user } = users.patchUser.answer.parse(response.json());
    expect(user).toMatchObject({ id: pupil.id, level: '5e', className: '5B', adminMode: 1, lastname: 'DURAND' });
    expect(await rowOf(pupil.id)).toMatchObject({ updatedBy: `${direction.firstname} ${direction.lastname}` });
    const audit = await readUserAudit(t.db, pupil.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'update',
      actorId: direction.id,
      uai: home,
      before: { level: '6e', className: '6A', adminMode: 0, lastname: pupil.lastname },
      after: { level: '5e', className: '5B', adminMode: 1, lastname: 'DURAND' },
    });
  });

  it('refuses a blank level and a name that cleans to nothing', async () => {
    const pupil = await pupilOfHome();
    const blank = await patch(cookies.direction, pupil.id, { key: 'informations', value: { level: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      code: 'validation_failed',
      details: { fieldErrors: { 'value.level': [REQUIRED] } },
    });
    const cleanedAway = await patch(cookies.direction, pupil.id, { key: 'informations', value: { firstname: '42' } });
    expect(cleanedAway.statusCode).toBe(400);
    expect(cleanedAway.json().details.fieldErrors).toEqual({ firstname: [REQUIRED] });
    expect((await patch(cookies.direction, pupil.id, { key: 'informations', value: {} })).statusCode).toBe(400);
    expect((await patch(cookies.direction, pupil.id, { key: 'everything', value: {} })).statusCode).toBe(400);
    expect(await rowOf(pupil.id)).toMatchObject({ level: '6e', updatedAt: null });
  });

  it('refuses a profile the caller may not give, and anyone’s own profile', async () => {
    const pupil = await pupilOfHome({ email: 'eleve@example.org' });
    expect(
      (await patch(cookies.direction, pupil.id, { key: 'informations', value: { profile: 'Gestionnaire' } })).statusCode,
    ).toBe(403);
    expect(
      (await patch(cookies.direction, direction.id, { key: 'informations', value: { profile: 'Enseignant' } })).statusCode,
    ).toBe(403);
    expect(
      (await patch(cookies.direction, direction.id, { key: 'informations', value: { comment: 'Direction' } })).statusCode,
    ).toBe(200);
    expect((await rowOf(pupil.id)).profileId).toBe(PROFILES.Eleve);
  });

  it('refuses a manager or school administrator without e-mail', async () => {
    const pupil = await pupilOfHome();
    for (const [cookie, profile] of [
      [cookies.admin, 'Gestionnaire'],
      [cookies.direction, 'Administrateur établissement'],
    ] as const) {
      const response = await patch(cookie, pupil.id, { key: 'informations', value: { profile } });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.fieldErrors).toEqual({ email: [users.EMAIL_REQUIRED_FOR_PROFILE] });
    }
    const colleague = await buildUser(t.db, t.env.encryptionKey, {
      profile: 'Administrateur établissement',
      uai: home,
      email: 'adjoint@example.org',
    });
    const cleared = await patch(cookies.direction, colleague.id, { key: 'informations', value: { email: '' } });
    expect(cleared.json().details.fieldErrors).toEqual({ email: [users.EMAIL_REQUIRED_FOR_PROFILE] });
  });

  it('refuses clearing an e-mail the school requires, and still lets the grid edit a pupil stored without one', async () => {
    const strict = (await buildSchool(t.db, { name: 'Lycée exigeant', emailRequired: true })).uai;
    const withEmail = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: strict, email: 'eleve@lycee.fr' });
    const cleared = await patch(cookies.admin, withEmail.id, { key: 'informations', value: { email: null } });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().details.fieldErrors).toEqual({ email: [users.EMAIL_REQUIRED_BY_SCHOOL] });
    expect((await rowOf(withEmail.id)).email).toBe('eleve@lycee.fr');
    const withoutEmail = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: strict });
    const renamed = await patch(cookies.admin, withoutEmail.id, { key: 'informations', value: { firstname: 'Zoé' } });
    expect(renamed.statusCode).toBe(200);
    expect((await rowOf(withoutEmail.id)).firstname).toBe('Zoé');
  });

  it('makes a pupil a manager of their school with the same password hashed, and back to a pupil with a new printable one', async () => {
    const pupil = await pupilOfHome();
    const promoted = await patch(cookies.admin, pupil.id, {
      key: 'informations',
      value: { profile: 'Gestionnaire', email: 'nouveau.gestionnaire@example.org' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().user).toMatchObject({ profile: 'Gestionnaire', email: 'nouveau.gestionnaire@example.org' });
    const promotedRow = await rowOf(pupil.id);
    expect(promotedRow.passwordEncrypted).toBeNull();
    expect(promotedRow.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await t.db.select().from(managerSchools).where(eq(managerSchools.userId, pupil.id))).toEqual([
      { userId: pupil.id, uai: home },
    ]);
    const cookie = await signIn(t.app, pupil.login, 'ravo4821');
    expect((await injectAs(t.app, cookie, requestOf(auth.me))).json().profile).toBe('Gestionnaire');
    const byOldLink = await t.app.inject({ ...requestOf(auth.loginWithToken), payload: { id: pupil.linkToken } });
    expect(byOldLink.statusCode).toBe(401);

    const demoted = await patch(cookies.admin, pupil.id, { key: 'informations', value: { profile: 'Eleve' } });
    expect(demoted.statusCode).toBe(200);
    const demotedRow = await rowOf(pupil.id);
    expect(demotedRow.passwordHash).toBeNull();
    expect(isGeneratedPasswordShape(decryptSecret(t.env.encryptionKey, demotedRow.passwordEncrypted!))).toBe(true);
    expect(await t.db.select().from(managerSchools).where(eq(managerSchools.userId, pupil.id))).toEqual([]);
    expect(demotedRow.linkToken).not.toBe(pupil.linkToken);
    expect((await t.app.inject({ ...requestOf(auth.loginWithToken), payload: { id: pupil.linkToken } })).statusCode).toBe(401);
    const byNewLink = await t.app.inject({ ...requestOf(auth.loginWithToken), payload: { id: demotedRow.linkToken } });
    expect(byNewLink.json()).toMatchObject({ id: pupil.id, profile: 'Eleve' });

    const audit = await readUserAudit(t.db, pupil.id);
    expect(audit.map((entry) => [entry.before, entry.after])).toEqual([
      [
        { profile: 'Eleve', email: null, password: '[secret]', managedSchools: [] },
        { profile: 'Gestionnaire', email: 'nouveau.gestionnaire@example.org', password: '[changed]', managedSchools: [home] },
      ],
      [
        { profile: 'Gestionnaire', password: '[secret]', linkToken: '[secret]', managedSchools: [home] },
        { profile: 'Eleve', password: '[changed]', linkToken: '[changed]', managedSchools: [] },
      ],
    ]);
    expect(JSON.stringify(audit)).not.toContain('ravo4821');
  });

  it('keeps the printable password between pupil and teacher', async () => {
    const pupil = await pupilOfHome();
    const before = (await rowOf(pupil.id)).passwordEncrypted;
    expect(
      (await patch(cookies.direction, pupil.id, { key: 'informations', value: { profile: 'Enseignant' } })).json().user.profile,
    ).toBe('Enseignant');
    expect((await rowOf(pupil.id)).passwordEncrypted).toBe(before);
  });
});

describe('PATCH /users/:id options', () => {
  const ranked = (...ids: number[]) => ({
    key: 'options',
    value: ids.map((idOption, index) => ({ idOption, ordre: index + 1 })),
  });

  it('replaces the option list in order, and audits the names', async () => {
    const pupil = await pupilOfHome();
    await giveOptions(t.db, pupil, ['Latin']);
    const response = await patch(cookies.direction, pupil.id, ranked(optionIds.grec, optionIds.latin));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.options).toEqual(['Grec', 'Latin']);
    const audit = await readUserAudit(t.db, pupil.id);
    expect(audit[0]).toMatchObject({
      before: { options: [{ name: 'Latin', ordre: 1 }] },
      after: {
        options: [
          { name: 'Grec', ordre: 1 },
          { name: 'Latin', ordre: 2 },
        ],
      },
    });
    expect((await patch(cookies.direction, pupil.id, { key: 'options', value: [] })).json().user.options).toEqual([]);
  });

  it('refuses the same option twice (409) and an option of another school (400), changing nothing', async () => {
    const pupil = await pupilOfHome();
    await giveOptions(t.db, pupil, ['Latin']);
    const twice = await patch(cookies.direction, pupil.id, ranked(optionIds.latin, optionIds.latin));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'conflict', details: { fieldErrors: { options: [users.DUPLICATE_OPTION] } } });
    const foreign = await patch(cookies.direction, pupil.id, ranked(optionIds.foreign));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details.fieldErrors).toEqual({ options: [UNKNOWN_OPTION] });
    expect(
      (await patch(cookies.direction, pupil.id, { key: 'options', value: [{ idOption: optionIds.latin, ordre: 0 }] })).statusCode,
    ).toBe(400);
    expect(await readUserAudit(t.db, pupil.id)).toEqual([]);
  });
});

describe('PATCH /users/:id applications', () => {
  const edit = (informations: Record<string, unknown>) => ({ key: 'applications', value: { informations } });

  it('enables and disables an application, keeping its credentials', async () => {
    const pupil = await pupilOfHome();
    const enabled = await patch(
      cookies.direction,
      pupil.id,
      edit({ idApplication: apps.plain.id, status: 1, loginPlateforme: 'lr.login' }),
    );
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().user.applications[String(apps.plain.id)]).toEqual({ status: 1, code: null });
    expect(enabled.json().user.platforms).toHaveLength(1);
    const disabled = await patch(cookies.direction, pupil.id, edit({ idApplication: apps.plain.id, status: 0 }));
    expect(disabled.json().user.applications[String(apps.plain.id)]).toEqual({ status: 0, code: null });
    expect(await readAccess(t.db, pupil.id, apps.plain.id)).toMatchObject({ status: 0, login: 'lr.login' });
    expect((await readUserAudit(t.db, pupil.id)).map((entry) => entry.after)).toEqual([
      { applications: { 'Le Robert': { status: 1, login: 'lr.login', keys: null } } },
      { applications: { 'Le Robert': { status: 0, login: 'lr.login', keys: null } } },
    ]);
  });

  it('asks the code of an application that requires one before enabling it', async () => {
    const pupil = await pupilOfHome();
    const missing = await patch(cookies.direction, pupil.id, edit({ idApplication: apps.code.id, status: 1 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fieldErrors).toEqual({ keys: [REQUIRED] });
    expect(await readAccess(t.db, pupil.id, apps.code.id)).toBeUndefined();
    const given = await patch(cookies.direction, pupil.id, edit({ idApplication: apps.code.id, status: 1, keys: 'EDU-42' }));
    expect(given.json().user.applications[String(apps.code.id)]).toEqual({ status: 1, code: 'EDU-42' });
  });

  it('changes only the code with status 2, creating a disabled access when none exists', async () => {
    const pupil = await pupilOfHome();
    const created = await patch(cookies.direction, pupil.id, edit({ idApplication: apps.code.id, status: 2, keys: 'EDU-7' }));
    expect(created.json().user.applications[String(apps.code.id)]).toEqual({ status: 0, code: 'EDU-7' });
    await patch(cookies.direction, pupil.id, edit({ idApplication: apps.code.id, status: 1 }));
    const changed = await patch(cookies.direction, pupil.id, edit({ idApplication: apps.code.id, status: 2, keys: 'EDU-8' }));
    expect(changed.json().user.applications[String(apps.code.id)]).toEqual({ status: 1, code: 'EDU-8' });
  });

  it('stores a first platform password encrypted, and refuses a new one over it', async () => {
    const pupil = await pupilOfHome();
    const missing = await patch(cookies.direction, pupil.id, edit({ idApplication: apps.stored.id, status: 1 }));
    expect(missing.json().details.fieldErrors).toEqual({ passwordPlateforme: [REQUIRED] });
    expect(
      (
        await patch(
          cookies.direction,
          pupil.id,
          edit({ idApplication: apps.stored.id, status: 1, passwordPlateforme: 'Kiosk#1' }),
        )
      ).statusCode,
    ).toBe(200);
    const access = await readAccess(t.db, pupil.id, apps.stored.id);
    expect(decryptSecret(t.env.encryptionKey, access!.passwordEncrypted!)).toBe('Kiosk#1');
    const replaced = await patch(
      cookies.direction,
      pupil.id,
      edit({ idApplication: apps.stored.id, status: 2, passwordPlateforme: 'Kiosk#2' }),
    );
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().details.fieldErrors).toEqual({ passwordPlateforme: [PLATFORM_PASSWORD_EXISTS] });
    const audit = await readUserAudit(t.db, pupil.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ applications: { Kiosque: { status: 1, login: null, keys: null, password: '[changed]' } } });
    expect(JSON.stringify(audit)).not.toContain('Kiosk#');
  });

  it('refuses an unknown application', async () => {
    const pupil = await pupilOfHome();
    const response = await patch(cookies.direction, pupil.id, edit({ idApplication: 999_999, status: 1 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({ idApplication: [users.UNKNOWN_APPLICATION] });
    expect((await patch(cookies.direction, pupil.id, edit({ idApplication: apps.plain.id, status: 3 }))).statusCode).toBe(400);
  });

  it('keeps a stored platform password sent back unchanged, writing nothing', async () => {
    const pupil = await pupilOfHome();
    await giveApplication(t.db, pupil, apps.stored, { passwordEncrypted: encryptSecret(t.env.encryptionKey, 'Kiosk#3') });
    const entries = await countAuditEntries(t.db);
    const response = await patch(
      cookies.direction,
      pupil.id,
      edit({ idApplication: apps.stored.id, status: 1, passwordPlateforme: 'Kiosk#3' }),
    );
    expect(response.statusCode).toBe(200);
    expect(await countAuditEntries(t.db)).toBe(entries);
    expect((await rowOf(pupil.id)).updatedAt).toBeNull();
  });
});

describe('PATCH /users/:id reach and rights', () => {
  it('answers 404 to a Gestionnaire editing a user of a school not assigned to them', async () => {
    const pupil = await pupilOfHome();
    expect((await patch(cookies.manager, pupil.id, { key: 'informations', value: { level: '5e' } })).statusCode).toBe(404);
    expect((await patch(cookies.manager, 999_999, { key: 'informations', value: { level: '5e' } })).statusCode).toBe(404);
    expect((await rowOf(pupil.id)).level).toBe('6e');
  });

  it('answers 403 without Table at Ecriture', async () => {
    const pupil = await pupilOfHome();
    await setProfileRight(t.db, 'Administrateur établissement', 'Table', { lecture: 1, ecriture: 0 });
    try {
      const reader = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai: home });
      const cookie = await signIn(t.app, reader.login, reader.password);
      expect((await patch(cookie, pupil.id, { key: 'informations', value: { level: '5e' } })).statusCode).toBe(403);
    } finally {
      await setProfileRight(t.db, 'Administrateur établissement', 'Table', { lecture: 1, ecriture: 1 });
    }
    expect((await rowOf(pupil.id)).level).toBe('6e');
  });
});
