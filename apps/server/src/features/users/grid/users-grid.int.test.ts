import { REQUIRED, PROFILES, schools as schoolsContract, users } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptSecret, randomToken } from '#platform/auth/secrets.js';
import { auditLog, users as userTable } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import {
  buildSchool,
  buildSignedInUsers,
  buildUser,
  giveApplication,
  giveOptions,
  nextUai,
  type BuiltUser,
} from '#test/factories.js';
import { buildCredentialApplication, setProfileRight } from '#test/users-factories.js';

let t: TestContext;
let home: string;
let managed: string;
let bare: string;
let cookies: Record<'admin' | 'manager' | 'direction' | 'pupil', string>;
let direction: BuiltUser;
let pupil: BuiltUser;
let teacher: BuiltUser;
let foreigner: BuiltUser;
let codeApplicationId: number;
let plainApplicationId: number;

beforeAll(async () => {
  t = await createTestContext();
  const key = t.env.encryptionKey;
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  managed = (await buildSchool(t.db, { name: 'Lycée Victor Hugo' })).uai;
  bare = (await buildSchool(t.db, { name: 'École sans options' })).uai;
  const signedIn = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    manager: { profile: 'Gestionnaire', managedSchools: [managed] },
    direction: { profile: 'Administrateur établissement', uai: home },
    pupil: { profile: 'Eleve', uai: home, password: 'ravo4821' },
  });
  cookies = signedIn.cookies;
  ({ direction, pupil } = signedIn.users);
  teacher = await buildUser(t.db, key, { profile: 'Enseignant', uai: home, password: 'bime5532' });
  foreigner = await buildUser(t.db, key, { profile: 'Eleve', uai: managed });
  await giveOptions(t.db, pupil, ['Latin', 'Grec']);
  await giveOptions(t.db, teacher, ['Allemand']);
  const codeApplication = await buildCredentialApplication(t.db, 'Educadhoc', {
    application: { applicationCodeYesNo: true, applicationCodeRequired: true },
  });
  const plainApplication = await buildCredentialApplication(t.db, 'Le Robert');
  codeApplicationId = codeApplication.id;
  plainApplicationId = plainApplication.id;
  await giveApplication(t.db, pupil, codeApplication, { keys: 'EDU-1', passwordEncrypted: encryptSecret(key, 'Plat#1') });
});
afterAll(() => t.close());

const send = (who: keyof typeof cookies, request: InjectOptions) => injectAs(t.app, cookies[who], request);
const getColumns = (who: keyof typeof cookies, uai: string) =>
  send(who, { ...requestOf(users.getColumnDefinitions), query: { uai } });
const decrypt = (cookie: string, ids: unknown) =>
  injectAs(t.app, cookie, { ...requestOf(users.decryptPasswords), payload: { passwords: ids } });

describe('GET /users/headers', () => {
  it('answers the columns of a school: fields, as many option columns as needed, each application and its code', async () => {
    const response = await getColumns('direction', home);
    expect(response.statusCode).toBe(200);
    const columns = users.getColumnDefinitions.answer.parse(response.json());
    const keys = columns.map((column) => column.ColonneBDD);
    expect(keys.slice(0, 20)).toEqual([...users.FIELD_COLUMNS]);
    // The school has three options and its users at most two: room for a third.
    expect(keys.filter((key) => key.startsWith('option'))).toEqual(['option1', 'option2', 'option3']);
    const code = columns.find((column) => column.ColonneBDD === users.codeColumnKey(codeApplicationId));
    expect(code).toMatchObject({
      ColonneAffichee: 'Educadhoc-Code',
      Visible: true,
      Editable: true,
      modificationKey: 'applications',
      idApplication: codeApplicationId,
    });
    expect(columns.find((column) => column.ColonneBDD === users.codeColumnKey(plainApplicationId))).toMatchObject({
      ColonneAffichee: 'Le Robert-Code',
      Visible: false,
    });
    expect(columns.find((column) => column.ColonneBDD === users.applicationColumnKey(plainApplicationId))).toMatchObject({
      ColonneAffichee: 'Le Robert',
      TypeColonne: 'checkbox',
      TypeFiltre: 'boolean',
      Editable: true,
    });
    expect(columns.find((column) => column.ColonneBDD === 'login')).toMatchObject({ ColonneAffichee: 'Login', Editable: false });
    expect(columns.find((column) => column.ColonneBDD === 'level')).toMatchObject({
      ColonneAffichee: 'Niveau',
      Editable: true,
      TypeColonne: 'combobox',
    });
  });

  it('never has more option columns than the school has options, and at least one', async () => {
    await giveOptions(t.db, await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: home }), [
      'Latin',
      'Grec',
      'Allemand',
    ]);
    const columns = (await getColumns('direction', home)).json() as { ColonneBDD: string }[];
    expect(columns.filter((column) => column.ColonneBDD.startsWith('option'))).toHaveLength(3);
    const bareColumns = (await getColumns('admin', bare)).json() as {
      ColonneBDD: string;
      TypeFiltre: string;
    }[];
    expect(bareColumns.filter((column) => column.ColonneBDD.startsWith('option'))).toEqual([
      expect.objectContaining({ ColonneBDD: 'option1', TypeFiltre: 'set' }),
    ]);
  });

  it('answers 404 for a school out of reach or unknown, 400 for a malformed UAI, 403 to a pupil', async () => {
    expect((await getColumns('manager', home)).statusCode).toBe(404);
    expect((await getColumns('admin', nextUai())).statusCode).toBe(404);
    expect((await getColumns('manager', managed)).statusCode).toBe(200);
    const malformed = await getColumns('admin', 'ABC');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('validation_failed');
    expect((await send('admin', requestOf(users.getColumnDefinitions))).statusCode).toBe(400);
    expect((await getColumns('pupil', home)).statusCode).toBe(403);
  });

  it('makes nothing editable without Table at Ecriture and leaves Password out without FicheUser_profil', async () => {
    await setProfileRight(t.db, 'Gestionnaire', 'Table', { lecture: 1, ecriture: 0 });
    await setProfileRight(t.db, 'Gestionnaire', 'FicheUser_profil', { lecture: 0, ecriture: 0 });
    try {
      const reader = await buildUser(t.db, t.env.encryptionKey, { profile: 'Gestionnaire', managedSchools: [managed] });
      const cookie = await signIn(t.app, reader.login, reader.password);
      const columns = (
        await injectAs(t.app, cookie, { ...requestOf(users.getColumnDefinitions), query: { uai: managed } })
      ).json() as {
        Editable: boolean;
        ColonneBDD: string;
      }[];
      expect(columns.length).toBeGreaterThan(20);
      expect(columns.filter((column) => column.Editable)).toEqual([]);
      expect(columns.map((column) => column.ColonneBDD)).not.toContain('password');
    } finally {
      await setProfileRight(t.db, 'Gestionnaire', 'Table', { lecture: 1, ecriture: 1 });
      await setProfileRight(t.db, 'Gestionnaire', 'FicheUser_profil', { lecture: 1, ecriture: 1 });
    }
  });
});

describe('GET /users/profils', () => {
  it('answers the profiles the caller may give, with their ids', async () => {
    expect((await send('admin', requestOf(users.listProfiles))).json()).toEqual([
      { IDprofil: PROFILES.Eleve, Nom: 'Eleve' },
      { IDprofil: PROFILES.Enseignant, Nom: 'Enseignant' },
      { IDprofil: 4, Nom: 'Gestionnaire' },
      { IDprofil: 6, Nom: 'Administrateur établissement' },
    ]);
    expect((await send('direction', requestOf(users.listProfiles))).json().map((choice: { Nom: string }) => choice.Nom)).toEqual([
      'Eleve',
      'Enseignant',
      'Administrateur établissement',
    ]);
  });

  it('is refused to a pupil', async () => {
    expect((await send('pupil', requestOf(users.listProfiles))).statusCode).toBe(403);
  });
});

describe('POST /users/passwords/decrypt', () => {
  it('answers the clear printable passwords and null for hashed ones, and audits whose were shown', async () => {
    const response = await decrypt(cookies.direction, [pupil.id, teacher.id, direction.id]);
    expect(response.statusCode).toBe(200);
    expect(users.decryptPasswords.answer.parse(response.json())).toEqual({
      passwords: [
        { id: pupil.id, password: 'ravo4821' },
        { id: teacher.id, password: 'bime5532' },
        { id: direction.id, password: null },
      ],
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'reveal_passwords'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: direction.id,
      entity: 'user',
      uai: home,
      after: { userIds: [pupil.id, teacher.id, direction.id] },
    });
    expect(JSON.stringify(audit)).not.toContain('ravo4821');
  });

  it('answers 404 for the whole call when one user is out of reach, and reveals nothing', async () => {
    const response = await decrypt(cookies.direction, [pupil.id, foreigner.id]);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('ravo4821');
    expect((await decrypt(cookies.direction, [999_999])).statusCode).toBe(404);
  });

  it('refuses a bad body and a caller without FicheUser_profil', async () => {
    const empty = await decrypt(cookies.direction, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.fieldErrors.passwords).toEqual([REQUIRED]);
    expect((await decrypt(cookies.direction, ['abc'])).statusCode).toBe(400);
    expect((await decrypt(cookies.pupil, [pupil.id])).statusCode).toBe(403);
    await setProfileRight(t.db, 'Administrateur établissement', 'FicheUser_profil', { lecture: 0, ecriture: 0 });
    try {
      const colleague = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai: home });
      const cookie = await signIn(t.app, colleague.login, colleague.password);
      expect((await decrypt(cookie, [pupil.id])).statusCode).toBe(403);
      const page = await injectAs(t.app, cookie, requestOf(users.getUser, { id: pupil.id }));
      expect(page.statusCode).toBe(200);
      expect(page.json().informations.password).toBeNull();
      expect(
        page
          .json()
          .applications.find(
            (application: { informations: { applicationId: number } }) =>
              application.informations.applicationId === codeApplicationId,
          ).informations,
      ).toMatchObject({
        platformPassword: null,
        hasPlatformPassword: true,
      });
      expect(page.json().abilities).toMatchObject({ canSeePasswords: false, canEditProfile: false });
      expect(page.body).not.toContain('ravo4821');
    } finally {
      await setProfileRight(t.db, 'Administrateur établissement', 'FicheUser_profil', { lecture: 1, ecriture: 1 });
    }
  });

  it('reveals 5,000 passwords in one call quickly', async () => {
    const key = t.env.encryptionKey;
    const rows = Array.from({ length: 5000 }, (_unused, index) => ({
      uai: bare,
      profileId: PROFILES.Eleve,
      firstname: 'Élève',
      lastname: `Masse${index}`,
      login: `masse${index}.${bare.toLowerCase()}`,
      passwordEncrypted: encryptSecret(key, `pass${index}`),
      linkToken: randomToken(),
    }));
    const inserted = await t.db.insert(userTable).values(rows).returning({ id: userTable.id });
    const ids = inserted.map((row) => row.id);
    const started = performance.now();
    const response = await decrypt(cookies.admin, ids);
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    const { passwords } = response.json() as { passwords: { id: number; password: string }[] };
    expect(passwords).toHaveLength(5000);
    expect(passwords[4999]).toEqual({ id: ids[4999], password: 'pass4999' });
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('GET /schools/:uai/users', () => {
  it('never carries a password, not even to who may see them', async () => {
    const response = await send('direction', requestOf(schoolsContract.getSchoolUsers, { uai: home }));
    expect(response.statusCode).toBe(200);
    const body = schoolsContract.getSchoolUsers.answer.parse(response.json());
    expect(body.users.find((row) => row.id === pupil.id)?.applications[String(codeApplicationId)]).toEqual({
      status: 1,
      code: 'EDU-1',
    });
    expect(response.body).not.toContain('ravo4821');
    expect(response.body).not.toContain('bime5532');
    expect(response.body).not.toContain('Plat#1');
    for (const row of body.users) expect(Object.keys(row).filter((key) => /password/i.test(key))).toEqual([]);
    expect(response.body).not.toMatch(/"password(Hash|Encrypted)?"/i);
  });
});
