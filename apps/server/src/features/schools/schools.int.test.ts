import { computeUaiCheckLetter, schools as contract } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cities, countries, schools } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import {
  buildApplication,
  buildSchool,
  buildUser,
  giveApplication,
  giveOptions,
  nextUai,
  type BuiltUser,
} from '#test/factories.js';

let t: TestContext;
let home: string;
let managed: string;
let other: string;
let empty: string;
const cookies = {} as Record<'admin' | 'manager' | 'direction' | 'pupil', string>;
let pupil: BuiltUser;

beforeAll(async () => {
  t = await createTestContext();
  const key = t.env.encryptionKey;
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin', town: 'Lyon' })).uai;
  managed = (
    await buildSchool(t.db, {
      name: 'Lycée Victor Hugo',
      town: 'Nantes',
      deployment: {
        ecoleDirecteApiKey: 'ed-secret-key',
        depSsid: 'Lycée-Wifi',
        depPassword: 'wifi-secret',
        asmInformations: { locationId: 'L1', sftpPassword: 'sftp-secret' },
      },
    })
  ).uai;
  other = (await buildSchool(t.db, { name: 'Collège Pasteur', town: 'Bordeaux' })).uai;
  empty = (await buildSchool(t.db, { name: 'École vide', town: 'Toulouse' })).uai;
  const admin = await buildUser(t.db, key, { profile: 'Administrateur' });
  const manager = await buildUser(t.db, key, { profile: 'Gestionnaire', managedSchools: [managed] });
  const direction = await buildUser(t.db, key, { profile: 'Administrateur établissement', uai: home });
  pupil = await buildUser(t.db, key, {
    profile: 'Eleve',
    uai: home,
    level: '6e',
    className: '6A',
    lastLoginAt: new Date(),
    adminMode: 1,
  });
  await buildUser(t.db, key, { profile: 'Eleve', uai: home, level: '5e' });
  await buildUser(t.db, key, { profile: 'Enseignant', uai: home, subject: 'Mathématiques' });
  await buildUser(t.db, key, { profile: 'Eleve', uai: managed });
  await buildUser(t.db, key, { profile: 'Eleve', uai: other });
  await giveOptions(t.db, pupil, ['Latin', 'Allemand LV2']);
  const manuals = await buildApplication(t.db, { name: 'Manuels', platformId: 'EDULIB' });
  await giveApplication(t.db, pupil, manuals, { keys: 'CODE-1' });
  cookies.admin = await signIn(t.app, admin.login, admin.password);
  cookies.manager = await signIn(t.app, manager.login, manager.password);
  cookies.direction = await signIn(t.app, direction.login, direction.password);
  cookies.pupil = await signIn(t.app, pupil.login, pupil.password);
});
afterAll(() => t.close());

const send = (who: keyof typeof cookies, request: InjectOptions) => injectAs(t.app, cookies[who], request);

describe('GET /schools/', () => {
  it('lists every school with its pupil count for an Administrateur', async () => {
    const response = await send('admin', requestOf(contract.listSchools));
    expect(response.statusCode).toBe(200);
    const list = contract.listSchools.answer.parse(response.json());
    expect(list.find((school) => school.UAI === home)).toEqual({
      UAI: home,
      Nom: 'Collège Jean Moulin',
      Commune: 'Lyon',
      Extension: expect.any(String),
      Effectif: 2,
    });
    expect(list.map((school) => school.UAI)).toEqual(expect.arrayContaining([home, managed, other, empty]));
  });

  it('scopes the list: a Gestionnaire their schools, a school administrator theirs, a pupil nothing', async () => {
    // Without its trailing slash, the path reaches the same route.
    const request = requestOf(contract.listSchools);
    const managerList = await send('manager', { ...request, url: request.url.replace(/\/$/, '') });
    expect(managerList.json().map((school: { UAI: string }) => school.UAI)).toEqual([managed]);
    expect(
      (await send('direction', requestOf(contract.listSchools))).json().map((school: { UAI: string }) => school.UAI),
    ).toEqual([home]);
    expect((await send('pupil', requestOf(contract.listSchools))).statusCode).toBe(403);
    expect((await t.app.inject(requestOf(contract.listSchools))).statusCode).toBe(401);
  });
});

describe('GET /schools/:uai and /schools/:uai/users', () => {
  it('answers the school with its catalogue, regexes and abilities', async () => {
    const response = await send('admin', requestOf(contract.getSchool, { uai: home }));
    const school = contract.getSchool.answer.parse(response.json());
    expect(school.informations).toMatchObject({ uai: home, name: 'Collège Jean Moulin', town: 'Lyon' });
    expect(school.applications.map((application) => application.name)).toContain('Manuels');
    expect(school.regexGlobal.map((regex) => regex.field).sort()).toEqual(['firstname', 'lastname', 'login']);
    expect(school.abilities).toEqual({ canDelete: false });
    expect((await send('admin', requestOf(contract.getSchool, { uai: empty }))).json().abilities).toEqual({ canDelete: true });
    expect((await send('admin', requestOf(contract.getSchool, { uai: home.toLowerCase() }))).statusCode).toBe(200);
  });

  it('answers 404 for a school out of reach or unknown, 400 for a malformed UAI', async () => {
    expect((await send('manager', requestOf(contract.getSchool, { uai: home }))).statusCode).toBe(404);
    expect((await send('direction', requestOf(contract.getSchool, { uai: managed }))).statusCode).toBe(404);
    expect((await send('admin', requestOf(contract.getSchool, { uai: nextUai() }))).statusCode).toBe(404);
    expect((await send('admin', requestOf(contract.getSchool, { uai: 'ABC' }))).statusCode).toBe(400);
    expect((await send('manager', requestOf(contract.getSchoolUsers, { uai: managed }))).statusCode).toBe(200);
    expect((await send('manager', requestOf(contract.getSchoolUsers, { uai: home }))).statusCode).toBe(404);
  });

  it('lists the users with their options in order and their application accesses, never a password', async () => {
    const response = await send('direction', requestOf(contract.getSchoolUsers, { uai: home }));
    expect(response.statusCode).toBe(200);
    const body = contract.getSchoolUsers.answer.parse(response.json());
    expect(body.users).toHaveLength(4);
    const row = body.users.find((user) => user.id === pupil.id)!;
    expect(row).toMatchObject({
      level: '6e',
      className: '6A',
      profile: 'Eleve',
      options: ['Latin', 'Allemand LV2'],
      platforms: ['EDULIB'],
      adminMode: 1,
    });
    expect(Object.values(row.applications)).toEqual([{ status: 1, code: 'CODE-1' }]);
    expect(response.body).not.toContain(pupil.password);
    expect(response.body).not.toMatch(/"password(Hash|Encrypted)?"/i);
  });

  it('counts enabled users per application', async () => {
    const applications = (await send('admin', requestOf(contract.getSchoolApplications, { uai: home }))).json();
    expect(applications.find((application: { name: string }) => application.name === 'Manuels').enabledUsers).toBe(1);
  });
});

describe('GET /schools/deploy and /schools/data/', () => {
  it('answers the deployments of the caller’s schools, each secret replaced by whether it is set', async () => {
    const list = (await send('manager', requestOf(contract.listDeployments))).json();
    expect(list).toEqual([
      {
        uai: managed,
        name: 'Lycée Victor Hugo',
        deployment: {
          depSsid: 'Lycée-Wifi',
          hasEcoleDirecteApiKey: true,
          hasDepPassword: true,
          asmInformations: { locationId: 'L1', hasSftpPassword: true },
        },
      },
    ]);
  });

  it('never sends a deployment secret in a read, to any profile', async () => {
    for (const [profile, request] of [
      ['manager', requestOf(contract.listDeployments)],
      ['admin', requestOf(contract.listDeployments)],
      ['manager', requestOf(contract.getSchool, { uai: managed })],
      ['admin', requestOf(contract.getSchool, { uai: managed })],
    ] as const) {
      const response = await send(profile, request);
      expect(response.statusCode).toBe(200);
      for (const secret of ['ed-secret-key', 'wifi-secret', 'sftp-secret'])
        expect({ profile, url: request.url, has: response.body.includes(secret) }).toEqual({
          profile,
          url: request.url,
          has: false,
        });
    }
    const school = (await send('manager', requestOf(contract.getSchool, { uai: managed }))).json();
    expect(school.deployment).toMatchObject({ hasEcoleDirecteApiKey: true, hasDepPassword: true });
    expect((await send('admin', requestOf(contract.getSchool, { uai: home }))).json().deployment).toMatchObject({
      hasEcoleDirecteApiKey: false,
      hasDepPassword: false,
    });
  });

  it('answers the reference data to who may add schools only', async () => {
    await t.db.insert(countries).values({ name: 'Maroc' }).onConflictDoNothing();
    const response = await send('admin', requestOf(contract.getReferenceData));
    expect(response.statusCode).toBe(200);
    expect(response.json().countries.map((country: { country: string }) => country.country)).toContain('Maroc');
    expect((await send('manager', requestOf(contract.getReferenceData))).statusCode).toBe(403);
  });
});

describe('GET /schools/stats', () => {
  it('answers all schools for an Administrateur and one school with ?uai=', async () => {
    const all = contract.getStatistics.answer.parse((await send('admin', requestOf(contract.getStatistics))).json());
    expect(all.nbEtab).toBeGreaterThanOrEqual(4);
    const one = contract.getStatistics.answer.parse(
      (await send('direction', { ...requestOf(contract.getStatistics), query: { uai: home } })).json(),
    );
    expect(one).toEqual({
      nbEtab: 1,
      usersApp: [{ name: 'Manuels', count: 1 }],
      repartitionRoles: [
        { profile: 'Eleve', count: 2 },
        { profile: 'Administrateur établissement', count: 1 },
        { profile: 'Enseignant', count: 1 },
      ],
      modeAdmin: { activated: 1, deactivated: 3 },
      // The pupil had signed in before; the school administrator signed in for this test.
      usersConnectes: { connected: 2, neverConnected: 2 },
    });
  });

  it('refuses all-schools statistics without Overview and other schools', async () => {
    expect((await send('manager', requestOf(contract.getStatistics))).statusCode).toBe(403);
    expect((await send('manager', { ...requestOf(contract.getStatistics), query: { uai: home } })).statusCode).toBe(404);
    expect((await send('pupil', { ...requestOf(contract.getStatistics), query: { uai: home } })).statusCode).toBe(403);
  });
});

describe('POST /schools/', () => {
  const post = (who: keyof typeof cookies, payload: object) =>
    injectAs(t.app, cookies[who], { ...requestOf(contract.createSchool), payload });

  it('creates a French school from a directory record after checking its letter', async () => {
    const digits = '0691999';
    const uai = digits + computeUaiCheckLetter(digits);
    const record = {
      identifiant_de_l_etablissement: uai,
      nom_etablissement: 'Collège Léonard de Vinci',
      nom_commune: 'Lyon',
      statut_public_prive: 'Public',
      code_postal: '69003',
      libelle_departement: 'Rhône',
      libelle_region: 'Auvergne-Rhône-Alpes',
      adresse_1: '2 rue Branly',
      latitude: 45.75,
      longitude: 4.85,
    };
    const response = await post('admin', { uai, isEtabExist: true, state: record });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(schools).where(eq(schools.uai, uai));
    expect(row).toMatchObject({
      name: 'Collège Léonard de Vinci',
      town: 'Lyon',
      sector: 'Public',
      extension: 'college-leonard-de-vinci',
      countyId: 69,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, uai));
    expect(audit.map((entry) => entry.action)).toEqual(['create']);

    const duplicate = await post('admin', { uai, isEtabExist: true, state: record });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().details.fieldErrors).toEqual({ uai: ['school.errors.uai_exists'] });

    const wrongLetter = digits + (computeUaiCheckLetter(digits) === 'A' ? 'B' : 'A');
    const bad = await post('admin', {
      uai: wrongLetter,
      isEtabExist: true,
      state: { ...record, identifiant_de_l_etablissement: wrongLetter },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors).toEqual({ uai: ['school.errors.uai_check_letter'] });
  });

  it('creates a foreign school with a new city and the spec defaults, and refuses a malformed UAI', async () => {
    const [country] = await t.db.insert(countries).values({ name: 'Espagne' }).returning();
    const malformed = await post('admin', {
      uai: '12345AB',
      isEtabExist: false,
      state: { uai: '12345AB', name: 'Liceo', address: 'Calle 1' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details.fieldErrors.uai).toContain('school.errors.uai_format');
    const missing = await post('admin', {
      uai: '1234567Z',
      isEtabExist: false,
      state: { uai: '1234567Z', name: '', address: '' },
    });
    expect(Object.keys(missing.json().details.fieldErrors).sort()).toEqual(['state.address', 'state.name']);
    const noCountry = await post('admin', {
      uai: '1234567Z',
      isEtabExist: false,
      state: { uai: '1234567Z', name: 'Liceo', address: 'Calle 1', nameOfCity: 'Madrid' },
    });
    expect(noCountry.json().details.fieldErrors).toEqual({ 'state.idCountry': ['global.errors.required'] });

    const created = await post('admin', {
      uai: '1234567z',
      isEtabExist: false,
      state: {
        uai: '1234567z',
        name: 'Liceo Francés',
        address: 'Calle Mayor 1',
        idCity: 0,
        nameOfCity: 'Madrid',
        idCountry: country!.id,
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ uai: '1234567Z' });
    const [row] = await t.db.select().from(schools).where(eq(schools.uai, '1234567Z'));
    expect(row).toMatchObject({ sector: 'Privé', countyId: 999, academyId: 99, town: 'Madrid', countryId: country!.id });
    const [city] = await t.db.select().from(cities).where(eq(cities.id, row!.cityId!));
    expect(city).toMatchObject({ name: 'Madrid', countryId: country!.id });
  });

  it('is refused without NavBar_addEtablissement at Ecriture, and writes nothing', async () => {
    const response = await post('manager', {
      uai: '7654321A',
      isEtabExist: false,
      state: { uai: '7654321A', name: 'X', address: 'Y' },
    });
    expect(response.statusCode).toBe(403);
    expect(await t.db.select().from(schools).where(eq(schools.uai, '7654321A'))).toEqual([]);
  });
});

describe('DELETE /schools/:uai', () => {
  it('deletes an empty school, refuses one with users, and refuses who may not', async () => {
    expect((await injectAs(t.app, cookies.manager, requestOf(contract.deleteSchool, { uai: empty }))).statusCode).toBe(403);
    const full = await injectAs(t.app, cookies.admin, requestOf(contract.deleteSchool, { uai: home }));
    expect(full.statusCode).toBe(409);
    expect(full.json().details.reason).toBe('school_not_empty');
    expect(await t.db.select().from(schools).where(eq(schools.uai, home))).toHaveLength(1);
    const done = await injectAs(t.app, cookies.admin, requestOf(contract.deleteSchool, { uai: empty }));
    expect(done.statusCode).toBe(200);
    expect(await t.db.select().from(schools).where(eq(schools.uai, empty))).toEqual([]);
    expect((await injectAs(t.app, cookies.admin, requestOf(contract.deleteSchool, { uai: empty }))).statusCode).toBe(404);
  });
});
