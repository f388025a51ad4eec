import { isGeneratedPasswordShape, schools, users as contract } from '@console/contract';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '#platform/auth/secrets.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers, giveOptions, nextUai } from '#test/factories.js';
import { buildCredentialApplication, readAccess, readOptionNames, readUser, readUserAudit } from '#test/users-factories.js';

let t: TestContext;
let home: string;
let strict: string;
let other: string;
let cookies: Record<'admin' | 'manager' | 'direction' | 'pupil', string>;

beforeAll(async () => {
  t = await createTestContext();
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  strict = (await buildSchool(t.db, { name: 'Lycée exigeant', emailRequired: true })).uai;
  other = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  const signedIn = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    manager: { profile: 'Gestionnaire', managedSchools: [home, strict] },
    direction: { profile: 'Administrateur établissement', uai: home },
    pupil: { profile: 'Eleve', uai: home },
  });
  cookies = signedIn.cookies;
  // An existing option of the school, which a new user is linked to rather than given a copy.
  await giveOptions(t.db, signedIn.users.pupil, ['Latin']);
});
afterAll(() => t.close());

const values = (overrides: Record<string, unknown> = {}) => ({
  uai: home,
  firstName: 'jean',
  lastName: 'dupont',
  login: `jean.dupont${Math.random().toString(36).slice(2, 8)}`,
  password: 'ravo4821',
  level: '6e',
  profile: 'Eleve',
  ...overrides,
});

const post = (who: keyof typeof cookies, payload: object) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.createUser), payload });

describe('POST /users', () => {
  it('adds a pupil with cleaned names, an encrypted password, options and the grid row', async () => {
    const response = await post('direction', {
      values: values({
        firstName: '  jean-pierre ',
        lastName: "d'Alembért",
        login: 'Élodie.Durand@',
        class: '6A',
        comment: ' retour ',
        tabletNumber: 'T-12',
      }),
      options: ['Latin', 'Théâtre'],
    });
    expect(response.statusCode).toBe(200);
    const { user } = contract.createUser.answer.parse(response.json());
    expect(user).toMatchObject({
      firstname: 'Jean-Pierre',
      lastname: "D'ALEMBÉRT",
      login: 'elodie.durand',
      profile: 'Eleve',
      uai: home,
      level: '6e',
      className: '6A',
      comment: 'retour',
      tabletNumber: 'T-12',
      adminMode: 1,
      disabled: false,
      options: ['Latin', 'Théâtre'],
    });
    const stored = (await readUser(t.db, user.id))!;
    expect(stored.passwordHash).toBeNull();
    expect(decryptSecret(t.env.encryptionKey, stored.passwordEncrypted!)).toBe('ravo4821');
    expect(stored.createdBy).toMatch(/^Prénom\d+ Nom\d+$/);
    expect(stored.linkToken.length).toBeGreaterThanOrEqual(40);
    expect(await readOptionNames(t.db, user.id)).toEqual(['Latin', 'Théâtre']);
    // The existing option was linked: the school has one Latin.
    const school = (await injectAs(t.app, cookies.direction, requestOf(schools.getSchool, { uai: home }))).json();
    expect(school.options.filter((option: { name: string }) => option.name === 'Latin')).toHaveLength(1);
    const [audit] = await readUserAudit(t.db, user.id);
    expect(audit).toMatchObject({
      action: 'create',
      uai: home,
      after: { login: 'elodie.durand', options: ['Latin', 'Théâtre'], passwordSet: true },
    });
    expect(JSON.stringify(audit)).not.toContain('ravo4821');
    expect(response.body).not.toContain('ravo4821');
  });

  it('hashes a staff password, which must meet the password rules', async () => {
    const weak = await post('admin', {
      values: values({ profile: 'Administrateur établissement', email: 'a@b.fr', password: 'ravo4821' }),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.fieldErrors).toEqual({ 'values.password': ['password_rules'] });
    const response = await post('admin', {
      values: values({ profile: 'Administrateur établissement', email: 'direction@college.fr', password: 'Ravo4821' }),
    });
    expect(response.statusCode).toBe(200);
    const stored = (await readUser(t.db, response.json().user.id))!;
    expect(stored.passwordEncrypted).toBeNull();
    expect(await verify(stored.passwordHash!, 'Ravo4821')).toBe(true);
  });

  it('stores a teacher password encrypted', async () => {
    const response = await post('manager', { values: values({ profile: 'Enseignant', subject: 'Histoire' }) });
    expect(response.statusCode).toBe(200);
    const stored = (await readUser(t.db, response.json().user.id))!;
    expect(decryptSecret(t.env.encryptionKey, stored.passwordEncrypted!)).toBe('ravo4821');
  });

  it('answers 409 with the login field error when the login is taken, whatever its case', async () => {
    const login = `taken${Math.random().toString(36).slice(2, 8)}`;
    expect((await post('direction', { values: values({ login }) })).statusCode).toBe(200);
    const response = await post('direction', { values: values({ login: login.toUpperCase() }) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'conflict',
      details: { fieldErrors: { 'values.login': ['user_add.username_already_existing'] } },
    });
  });

  it('requires an e-mail for a Gestionnaire and in a school requiring one', async () => {
    const manager = await post('admin', { values: values({ profile: 'Gestionnaire', password: 'Ravo4821' }) });
    expect(manager.statusCode).toBe(400);
    expect(manager.json().details.fieldErrors).toEqual({ 'values.email': [contract.EMAIL_REQUIRED_FOR_PROFILE] });
    const pupil = await post('manager', { values: values({ uai: strict }) });
    expect(pupil.statusCode).toBe(400);
    expect(pupil.json().details.fieldErrors).toEqual({ 'values.email': [contract.EMAIL_REQUIRED_BY_SCHOOL] });
    expect((await post('manager', { values: values({ uai: strict, email: 'eleve@lycee.fr' }) })).statusCode).toBe(200);
  });

  it('refuses names blank once cleaned, and bad input by the contract', async () => {
    const blank = await post('direction', { values: values({ firstName: '1234', login: '@@@' }) });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details.fieldErrors).toEqual({
      'values.firstName': ['global.errors.required'],
      'values.login': ['global.errors.required'],
    });
    const malformed = await post('direction', { values: values({ uai: 'ABC', level: ' ' }) });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().details.fieldErrors).sort()).toEqual(['values.level', 'values.uai']);
  });

  it('refuses a school out of reach (404) and a profile the caller may not give (403)', async () => {
    expect((await post('direction', { values: values({ uai: other }) })).statusCode).toBe(404);
    expect((await post('manager', { values: values({ uai: other }) })).statusCode).toBe(404);
    expect((await post('admin', { values: values({ uai: nextUai() }) })).statusCode).toBe(404);
    const response = await post('direction', {
      values: values({ profile: 'Gestionnaire', email: 'g@x.fr', password: 'Ravo4821' }),
    });
    expect(response.statusCode).toBe(403);
    expect((await post('admin', { values: values({ profile: 'Administrateur', password: 'Ravo4821' }) })).statusCode).toBe(403);
    expect((await post('pupil', { values: values() })).statusCode).toBe(403);
    expect((await t.app.inject({ ...requestOf(contract.createUser), payload: { values: values() } })).statusCode).toBe(401);
  });

  it('gives applications with credentials defaulted, and refuses a missing required code', async () => {
    const coded = await buildCredentialApplication(t.db, 'Manuels codés', {
      platform: { urlSchemeLoginRequired: true },
      application: { applicationCodeRequired: true },
    });
    const shared = await buildCredentialApplication(t.db, 'Dictionnaire', {
      platform: { platformCodeRequired: true, commonCode: 'COMMUN-1' },
    });
    const missing = await post('direction', {
      values: values(),
      applications: [
        { platformId: shared.platformId, idApplication: shared.id },
        { platformId: coded.platformId, idApplication: coded.id },
      ],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fieldErrors).toEqual({ 'applications.1.codes': ['global.errors.required'] });

    const unknown = await post('direction', {
      values: values(),
      applications: [{ platformId: 'AUTRE', idApplication: coded.id }],
    });
    expect(unknown.json().details.fieldErrors).toEqual({ 'applications.0.idApplication': ['users.errors.unknown_application'] });

    const response = await post('direction', {
      values: values({ login: 'marie.curie' }),
      applications: [
        { platformId: coded.platformId, idApplication: coded.id, codes: 'CODE-42', password: 'autre-secret' },
        { platformId: shared.platformId, idApplication: shared.id },
      ],
    });
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user.applications[String(coded.id)]).toEqual({ status: 1, code: 'CODE-42' });
    expect(user.platforms.sort()).toEqual([coded.platformId, shared.platformId].sort());
    const codedAccess = (await readAccess(t.db, user.id, coded.id))!;
    expect(codedAccess).toMatchObject({ status: 1, login: 'marie.curie', keys: 'CODE-42' });
    expect(decryptSecret(t.env.encryptionKey, codedAccess.passwordEncrypted!)).toBe('autre-secret');
    const sharedAccess = (await readAccess(t.db, user.id, shared.id))!;
    expect(sharedAccess.keys).toBe('COMMUN-1');
    expect(decryptSecret(t.env.encryptionKey, sharedAccess.passwordEncrypted!)).toBe('ravo4821');
  });
});

describe('GET /users/passwords/:n', () => {
  it('answers n generated passwords, with the EDULIB mark when asked', async () => {
    const plain = await injectAs(t.app, cookies.direction, requestOf(contract.generatePasswords, { n: 5 }));
    expect(plain.statusCode).toBe(200);
    const passwords = contract.generatePasswords.answer.parse(plain.json());
    expect(passwords).toHaveLength(5);
    expect(passwords.every((password) => isGeneratedPasswordShape(password))).toBe(true);
    const edulib = (
      await injectAs(t.app, cookies.direction, {
        ...requestOf(contract.generatePasswords, { n: 3 }),
        query: { platformId: 'EDULIB' },
      })
    ).json();
    expect(edulib.every((password: string) => isGeneratedPasswordShape(password, 'EDULIB'))).toBe(true);
  });

  it('refuses a count out of bounds (400), a pupil (403) and no session (401)', async () => {
    expect((await injectAs(t.app, cookies.direction, requestOf(contract.generatePasswords, { n: 0 }))).statusCode).toBe(400);
    expect((await injectAs(t.app, cookies.direction, requestOf(contract.generatePasswords, { n: 501 }))).statusCode).toBe(400);
    expect((await injectAs(t.app, cookies.pupil, requestOf(contract.generatePasswords, { n: 2 }))).statusCode).toBe(403);
    expect((await t.app.inject(requestOf(contract.generatePasswords, { n: 2 }))).statusCode).toBe(401);
  });
});
