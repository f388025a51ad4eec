import { apps, PROFILES } from '@console/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetProfileRights } from '#platform/auth/rights-cache.js';
import { randomToken } from '#platform/auth/secrets.js';
import type { Database } from '#platform/db/client.js';
import { applications, platforms, profileRights, userApplications, users } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildSchool, buildUser, type BuiltUser } from '#test/factories.js';

async function insertCatalogue(db: Database) {
  await db.insert(platforms).values([
    { id: 'EDULIB', name: 'Edulib' },
    { id: 'LLS2020', name: 'Lelivrescolaire.fr' },
  ]);
  const rows = await db
    .insert(applications)
    .values([
      { platformId: 'LLS2020', name: 'Lelivrescolaire.fr', order: 1 },
      { platformId: 'EDULIB', name: 'Edulib', order: 2 },
    ])
    .returning({ id: applications.id, name: applications.name });
  return {
    lls: rows.find((row) => row.name === 'Lelivrescolaire.fr')!.id,
    edulib: rows.find((row) => row.name === 'Edulib')!.id,
  };
}

/** Pupils with one access each, whose token has the given statuses, inserted in two statements. */
async function insertPupilsWithTokens(
  db: Database,
  uai: string,
  applicationId: number,
  people: { lastname: string; validToken: string | null }[],
) {
  const rows = await db
    .insert(users)
    .values(
      people.map((person, index) => ({
        uai,
        profileId: PROFILES.Eleve,
        firstname: `Prénom ${person.lastname}`,
        lastname: person.lastname,
        login: `${uai}.${applicationId}.${index}`.toLowerCase(),
        linkToken: randomToken(),
      })),
    )
    .returning({ id: users.id, login: users.login });
  await db.insert(userApplications).values(
    rows.map((row, index) => ({
      userId: row.id,
      applicationId,
      status: 1,
      validToken: people[index]!.validToken,
      tokenCheckedAt: new Date(),
    })),
  );
  return rows;
}

async function allow(db: Database, profile: 'Gestionnaire' | 'Administrateur établissement'): Promise<void> {
  await db
    .update(profileRights)
    .set({ lecture: 1 })
    .where(and(eq(profileRights.profileId, PROFILES[profile]), eq(profileRights.area, 'Overview')));
  forgetProfileRights(db);
}

let t: TestContext;
let catalogue: Awaited<ReturnType<typeof insertCatalogue>>;
let first: string;
let second: string;
let crowded: string;
let admin: BuiltUser;
let manager: BuiltUser;
let direction: BuiltUser;
let pupil: BuiltUser;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestContext({ SESSION_CACHE_MS: '0' });
  catalogue = await insertCatalogue(t.db);
  first = (await buildSchool(t.db, { name: 'Collège Alpha' })).uai;
  second = (await buildSchool(t.db, { name: 'Collège Beta' })).uai;
  crowded = (await buildSchool(t.db, { name: 'Lycée Gamma' })).uai;
  admin = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur' });
  manager = await buildUser(t.db, t.env.encryptionKey, { profile: 'Gestionnaire', managedSchools: [first] });
  direction = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai: second });
  pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: first });

  await insertPupilsWithTokens(t.db, first, catalogue.edulib, [
    { lastname: 'Zola', validToken: 'Licence expirée' },
    { lastname: 'Abel', validToken: 'Compte inconnu' },
    { lastname: 'Valide', validToken: 'OK' },
    { lastname: 'Jamais', validToken: null },
  ]);
  await insertPupilsWithTokens(t.db, first, catalogue.lls, [{ lastname: 'Martin', validToken: 'Compte inconnu' }]);
  await insertPupilsWithTokens(t.db, second, catalogue.edulib, [{ lastname: 'Durand', validToken: 'Licence expirée' }]);
  adminCookie = await signIn(t.app, admin.login, admin.password);
});
afterAll(() => t.close());

function report(cookie: string, query: Record<string, string> = {}) {
  return injectAs(t.app, cookie, { ...requestOf(apps.tokenReport), query });
}

function summary(body: apps.TokenReportSchool[]) {
  return body.map((school) => ({
    uai: school.uai,
    applications: school.applications.map(
      (application) => `${application.name}: ${application.users.map((user) => user.Nom).join(', ')}`,
    ),
  }));
}

describe('GET /apps/token-report', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject(requestOf(apps.tokenReport))).statusCode).toBe(401);
  });

  it.each(['Eleve', 'Gestionnaire'] as const)('answers 403 to a %s without Overview', async (profile) => {
    const who = profile === 'Eleve' ? pupil : manager;
    expect((await report(await signIn(t.app, who.login, who.password))).statusCode).toBe(403);
  });

  it('answers 400 for a malformed UAI filter', async () => {
    const response = await report(adminCookie, { uai: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', details: { fieldErrors: { uai: expect.any(Array) } } });
  });

  it('lists the accesses in error by school, application (catalogue order), then user name', async () => {
    const response = await report(adminCookie);
    expect(response.statusCode).toBe(200);
    const body = apps.tokenReport.answer.parse(response.json());
    expect(body[0]).toEqual({
      uai: first,
      name: 'Collège Alpha',
      applications: [
        {
          idApplication: catalogue.lls,
          name: 'Lelivrescolaire.fr',
          users: [
            {
              Nom: 'Martin',
              Prenom: 'Prénom Martin',
              Login: `${first}.${catalogue.lls}.0`.toLowerCase(),
              Erreur: 'Compte inconnu',
            },
          ],
          total: 1,
          truncated: false,
        },
        {
          idApplication: catalogue.edulib,
          name: 'Edulib',
          users: [
            {
              Nom: 'Abel',
              Prenom: 'Prénom Abel',
              Login: `${first}.${catalogue.edulib}.1`.toLowerCase(),
              Erreur: 'Compte inconnu',
            },
            {
              Nom: 'Zola',
              Prenom: 'Prénom Zola',
              Login: `${first}.${catalogue.edulib}.0`.toLowerCase(),
              Erreur: 'Licence expirée',
            },
          ],
          total: 2,
          truncated: false,
        },
      ],
    });
    expect(summary(body)).toEqual([
      { uai: first, applications: ['Lelivrescolaire.fr: Martin', 'Edulib: Abel, Zola'] },
      { uai: second, applications: ['Edulib: Durand'] },
    ]);
  });

  it('narrows to one school with ?uai=', async () => {
    const body = apps.tokenReport.answer.parse((await report(adminCookie, { uai: second.toLowerCase() })).json());
    expect(summary(body)).toEqual([{ uai: second, applications: ['Edulib: Durand'] }]);
  });

  it('answers 404 for a school that does not exist, to an Administrateur too', async () => {
    expect((await report(adminCookie, { uai: '0999999Z' })).statusCode).toBe(404);
  });

  it('lists at most 1,000 users per application and says the list is cut', async () => {
    const many = Array.from({ length: apps.TOKEN_REPORT_USERS_PER_APPLICATION + 1 }, (_unused, index) => ({
      lastname: `Nom${String(index).padStart(4, '0')}`,
      validToken: 'Compte inconnu',
    }));
    const inserted = await insertPupilsWithTokens(t.db, crowded, catalogue.lls, many);
    try {
      const body = apps.tokenReport.answer.parse((await report(adminCookie)).json());
      const listed = body.flatMap((school) =>
        school.applications
          .filter((application) => application.idApplication === catalogue.lls)
          .map((application) => ({ uai: school.uai, application })),
      );
      // The first school's user comes first; the crowded school gets the rest of the 1,000.
      expect(
        listed.map(({ uai, application }) => ({
          uai,
          listed: application.users.length,
          total: application.total,
          truncated: application.truncated,
        })),
      ).toEqual([
        { uai: first, listed: 1, total: 1, truncated: false },
        { uai: crowded, listed: 999, total: 1001, truncated: true },
      ]);
      expect(listed[1]!.application.users[0]!.Nom).toBe('Nom0000');
    } finally {
      await t.db.delete(users).where(
        inArray(
          users.id,
          inserted.map((row) => row.id),
        ),
      );
    }
  });
});

describe('GET /apps/token-report for profiles allowed on the overview', () => {
  beforeAll(async () => {
    await allow(t.db, 'Gestionnaire');
    await allow(t.db, 'Administrateur établissement');
  });

  it('shows a Gestionnaire only the schools assigned to them', async () => {
    const cookie = await signIn(t.app, manager.login, manager.password);
    const body = apps.tokenReport.answer.parse((await report(cookie)).json());
    expect(summary(body)).toEqual([{ uai: first, applications: ['Lelivrescolaire.fr: Martin', 'Edulib: Abel, Zola'] }]);
    expect((await report(cookie, { uai: second })).statusCode).toBe(404);
  });

  it('shows a school administrator only their school', async () => {
    const cookie = await signIn(t.app, direction.login, direction.password);
    const body = apps.tokenReport.answer.parse((await report(cookie)).json());
    expect(summary(body)).toEqual([{ uai: second, applications: ['Edulib: Durand'] }]);
    expect((await report(cookie, { uai: first })).statusCode).toBe(404);
  });
});
