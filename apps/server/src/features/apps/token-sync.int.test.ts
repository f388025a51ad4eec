import { apps, PROFILES } from '@console/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetProfileRights } from '#platform/auth/rights-cache.js';
import { randomToken } from '#platform/auth/secrets.js';
import type { Database } from '#platform/db/client.js';
import { applications, auditLog, platforms, profileRights, userApplications, users } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildSchool, buildUser, type BuiltUser } from '#test/factories.js';
import { cutAfterNextCommit } from '#test/database-cut.js';
import { startFakePublishers, type FakePublishers } from '#test/fakes/publishers.js';

/** The publishers' platforms (ids as in the seeded catalogue) and a platform of another publisher. */
async function insertCatalogue(db: Database) {
  await db.insert(platforms).values([
    { id: 'EDULIB', name: 'Edulib' },
    { id: 'LLS2020', name: 'Lelivrescolaire.fr' },
    { id: 'KNE', name: 'Kiosque Numérique de l’Éducation' },
  ]);
  const rows = await db
    .insert(applications)
    .values([
      { platformId: 'EDULIB', name: 'Edulib', order: 1 },
      { platformId: 'EDULIB', name: 'Edulib Premium', order: 2 },
      { platformId: 'LLS2020', name: 'Lelivrescolaire.fr', order: 3 },
      { platformId: 'KNE', name: 'Magnard', order: 4 },
    ])
    .returning({ id: applications.id, name: applications.name });
  const id = (name: string) => rows.find((row) => row.name === name)!.id;
  return { edulib: id('Edulib'), edulibPremium: id('Edulib Premium'), lls: id('Lelivrescolaire.fr'), magnard: id('Magnard') };
}

/** Pupils of a school inserted in one statement (the factory's one-by-one inserts are too slow for hundreds). */
async function insertPupils(db: Database, uai: string, count: number, prefix: string): Promise<{ id: number; login: string }[]> {
  return db
    .insert(users)
    .values(
      Array.from({ length: count }, (_unused, index) => ({
        uai,
        profileId: PROFILES.Eleve,
        firstname: `Prénom${index}`,
        lastname: `${prefix}${String(index).padStart(4, '0')}`,
        login: `${prefix}.${index}`,
        linkToken: randomToken(),
      })),
    )
    .returning({ id: users.id, login: users.login });
}

async function grant(
  db: Database,
  userId: number,
  applicationId: number,
  values: Partial<typeof userApplications.$inferInsert> = {},
) {
  await db.insert(userApplications).values({ userId, applicationId, status: 1, ...values });
}

async function accessesOf(db: Database, userIds: number[]) {
  return db
    .select({
      userId: userApplications.userId,
      applicationId: userApplications.applicationId,
      validToken: userApplications.validToken,
      checkedAt: userApplications.tokenCheckedAt,
    })
    .from(userApplications)
    .where(inArray(userApplications.userId, userIds))
    .orderBy(userApplications.userId, userApplications.applicationId);
}

let fake: FakePublishers;
let t: TestContext;
let catalogue: Awaited<ReturnType<typeof insertCatalogue>>;
let managed: string;
let other: string;
let crowded: string;
let admin: BuiltUser;
let manager: BuiltUser;
let pupilsManaged: { id: number; login: string }[];
let pupilsOther: { id: number; login: string }[];
let crowd: { id: number; login: string }[];
let adminCookie: string;

beforeAll(async () => {
  fake = await startFakePublishers({ slowMs: 6_000 });
  t = await createTestContext({
    EDULIB_API_URL: fake.edulibUrl,
    EDULIB_API_KEY: fake.keys.edulib,
    LLS_API_URL: fake.llsUrl,
    LLS_API_KEY: fake.keys.lls,
    PUBLISHER_TIMEOUT_MS: '2000',
  });
  catalogue = await insertCatalogue(t.db);
  managed = (await buildSchool(t.db)).uai;
  other = (await buildSchool(t.db)).uai;
  crowded = (await buildSchool(t.db)).uai;
  admin = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur' });
  manager = await buildUser(t.db, t.env.encryptionKey, { profile: 'Gestionnaire', managedSchools: [managed] });

  // managed: p0 has both Edulib applications, p1 logs into Edulib under its own login, p2 will be refused,
  // p3's Edulib access is disabled, p4 has only another publisher's application.
  pupilsManaged = await insertPupils(t.db, managed, 5, 'managed');
  const [p0, p1, p2, p3, p4] = pupilsManaged as [
    (typeof pupilsManaged)[number],
    (typeof pupilsManaged)[number],
    (typeof pupilsManaged)[number],
    (typeof pupilsManaged)[number],
    (typeof pupilsManaged)[number],
  ];
  await grant(t.db, p0.id, catalogue.edulib, { keys: 'EDU-0' });
  await grant(t.db, p0.id, catalogue.edulibPremium, { keys: 'EDU-0' });
  await grant(t.db, p1.id, catalogue.edulib, { login: 'edulib-p1' });
  await grant(t.db, p2.id, catalogue.edulib);
  await grant(t.db, p3.id, catalogue.edulib, { status: 0 });
  await grant(t.db, p4.id, catalogue.magnard);
  pupilsOther = await insertPupils(t.db, other, 2, 'other');
  for (const pupil of pupilsOther) await grant(t.db, pupil.id, catalogue.edulib);
  crowd = await insertPupils(t.db, crowded, 501, 'crowd');
  await t.db
    .insert(userApplications)
    .values(crowd.map((pupil) => ({ userId: pupil.id, applicationId: catalogue.lls, status: 1 })));

  adminCookie = await signIn(t.app, admin.login, admin.password);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  fake.setMode('ok');
  fake.rejectLogins([]);
  fake.checks.length = 0;
  await t.db.update(userApplications).set({ validToken: null, tokenCheckedAt: null });
  await t.db.delete(auditLog);
});

function sync(cookie: string, publisher: string, target: string) {
  return injectAs(t.app, cookie, requestOf(apps.syncTokens, { publisher, target }));
}

describe('POST /apps/:publisher/update/:target', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject(requestOf(apps.syncTokens, { publisher: 'edulib', target: managed }))).statusCode).toBe(401);
  });

  it('answers 403 to a profile without Overview at Ecriture', async () => {
    const cookie = await signIn(t.app, manager.login, manager.password);
    expect((await sync(cookie, 'edulib', managed)).statusCode).toBe(403);
  });

  it.each([
    ['hachette', 'all'],
    ['edulib', '12AB'],
    ['edulib', 'everything'],
  ])('answers 400 for publisher %s and target %s', async (publisher, target) => {
    const response = await sync(adminCookie, publisher, target);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('answers 404 for a school that does not exist', async () => {
    expect((await sync(adminCookie, 'edulib', '0351234B')).statusCode).toBe(404);
    expect(fake.checks).toEqual([]);
  });

  it("records the publisher's word on each enabled access of the school, asking once per login", async () => {
    fake.setMode('some-errors');
    fake.rejectLogins([pupilsManaged[2]!.login]);
    const response = await sync(adminCookie, 'edulib', managed.toLowerCase());
    expect(response.statusCode).toBe(200);
    expect(apps.syncTokens.answer.parse(response.json())).toEqual({
      ok: true,
      Commentaire: '4 jetons vérifiés dans 1 établissement, 1 en erreur.',
    });

    expect(fake.checks).toEqual([
      {
        publisher: 'edulib',
        uai: managed,
        users: [
          { login: pupilsManaged[0]!.login, code: 'EDU-0' },
          { login: 'edulib-p1', code: null },
          { login: pupilsManaged[2]!.login, code: null },
        ],
      },
    ]);
    const [p0, p1, p2, p3, p4] = pupilsManaged.map((pupil) => pupil.id) as [number, number, number, number, number];
    const rows = await accessesOf(t.db, [p0, p1, p2, p3, p4, ...pupilsOther.map((pupil) => pupil.id)]);
    expect(rows.map(({ userId, applicationId, validToken }) => ({ userId, applicationId, validToken }))).toEqual([
      { userId: p0, applicationId: catalogue.edulib, validToken: 'OK' },
      { userId: p0, applicationId: catalogue.edulibPremium, validToken: 'OK' },
      { userId: p1, applicationId: catalogue.edulib, validToken: 'OK' },
      { userId: p2, applicationId: catalogue.edulib, validToken: 'Licence expirée' },
      { userId: p3, applicationId: catalogue.edulib, validToken: null },
      { userId: p4, applicationId: catalogue.magnard, validToken: null },
      ...pupilsOther.map((pupil) => ({ userId: pupil.id, applicationId: catalogue.edulib, validToken: null })),
    ]);
    const checkedAt = rows.filter((row) => row.validToken !== null).map((row) => row.checkedAt!.getTime());
    expect(checkedAt.every((time) => Math.abs(time - Date.now()) < 60_000)).toBe(true);
    expect(rows.filter((row) => row.validToken === null).every((row) => row.checkedAt === null)).toBe(true);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'token_sync'));
    expect(audit).toMatchObject([
      {
        actorId: admin.id,
        entity: 'school',
        entityId: managed,
        uai: managed,
        before: { valid: 0, invalid: 0, unchecked: 4 },
        after: { publisher: 'edulib', valid: 3, invalid: 1, unchecked: 0 },
      },
    ]);
  });

  it("checks every school of an Administrateur for 'all'", async () => {
    const response = await sync(adminCookie, 'edulib', 'all');
    expect(response.json()).toEqual({ ok: true, Commentaire: '6 jetons vérifiés dans 2 établissements, 0 en erreur.' });
    expect(fake.checks.map((check) => check.uai).sort()).toEqual([managed, other].sort());
  });

  it('says which schools were written when the database goes away part way, rather than failing', async () => {
    const cut = cutAfterNextCommit(t.db);
    const response = await sync(adminCookie, 'edulib', 'all');
    cut.restore();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: false,
      Commentaire: expect.stringMatching(
        /^La base de données est devenue injoignable\. \d jetons vérifiés dans 1 établissement avant l'interruption ; les autres établissements n'ont pas été modifiés\.$/,
      ),
    });
    const written = await accessesOf(
      t.db,
      [...pupilsManaged, ...pupilsOther].map((pupil) => pupil.id),
    );
    const checkedSchools = new Set(fake.checks.map((check) => check.uai));
    expect(checkedSchools.size).toBe(1);
    const firstSchool = [...checkedSchools][0] === managed ? pupilsManaged : pupilsOther;
    const firstIds = new Set(firstSchool.map((pupil) => pupil.id));
    expect(written.filter((row) => row.validToken !== null).every((row) => firstIds.has(row.userId))).toBe(true);
    expect(written.some((row) => row.validToken !== null)).toBe(true);
  });

  it('asks the publisher 500 users at a time', async () => {
    const response = await sync(adminCookie, 'le-livre-scolaire', crowded);
    expect(response.json()).toEqual({ ok: true, Commentaire: '501 jetons vérifiés dans 1 établissement, 0 en erreur.' });
    expect(fake.checks.map((check) => check.users.length)).toEqual([500, 1]);
    const rows = await accessesOf(
      t.db,
      crowd.map((pupil) => pupil.id),
    );
    expect(rows.every((row) => row.validToken === 'OK')).toBe(true);
  });

  it('says so when no enabled access is to be checked', async () => {
    const empty = (await buildSchool(t.db)).uai;
    expect((await sync(adminCookie, 'le-livre-scolaire', empty)).json()).toEqual({
      ok: true,
      Commentaire: 'Aucun accès Le Livre Scolaire actif à vérifier.',
    });
  });

  it.each([
    ['down', "Edulib n'a pas répondu. Aucun jeton n'a été enregistré."],
    ['slow', "Edulib n'a pas répondu à temps. Aucun jeton n'a été enregistré."],
    ['garbage', "Edulib a envoyé une réponse illisible. Aucun jeton n'a été enregistré."],
  ] as const)('writes nothing when the publisher is %s, and says so', async (mode, commentaire) => {
    fake.setMode(mode);
    const response = await sync(adminCookie, 'edulib', 'all');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: false, Commentaire: commentaire });
    const rows = await accessesOf(
      t.db,
      [...pupilsManaged, ...pupilsOther].map((pupil) => pupil.id),
    );
    expect(rows.every((row) => row.validToken === null && row.checkedAt === null)).toBe(true);
    expect(await t.db.$count(auditLog)).toBe(0);
  });
});

describe('POST /apps/:publisher/update/:target for a Gestionnaire allowed on the overview', () => {
  let cookie: string;
  beforeAll(async () => {
    await t.db
      .update(profileRights)
      .set({ lecture: 1, ecriture: 1 })
      .where(and(eq(profileRights.profileId, PROFILES.Gestionnaire), eq(profileRights.area, 'Overview')));
    forgetProfileRights(t.db);
    cookie = await signIn(t.app, manager.login, manager.password);
  });

  it('answers 404 for a school not assigned to them, and writes nothing', async () => {
    const response = await sync(cookie, 'edulib', other);
    expect(response.statusCode).toBe(404);
    expect(fake.checks).toEqual([]);
  });

  it("checks only their schools for 'all'", async () => {
    const response = await sync(cookie, 'edulib', 'all');
    expect(response.json()).toEqual({ ok: true, Commentaire: '4 jetons vérifiés dans 1 établissement, 0 en erreur.' });
    expect(fake.checks.map((check) => check.uai)).toEqual([managed]);
    const untouched = await accessesOf(
      t.db,
      pupilsOther.map((pupil) => pupil.id),
    );
    expect(untouched.every((row) => row.validToken === null)).toBe(true);
  });
});

describe('POST /apps/:publisher/update/:target with publishers badly configured', () => {
  let badly: TestContext;
  let cookie: string;
  let pupil: { id: number; login: string };
  beforeAll(async () => {
    // Edulib with a key it refuses; Le Livre Scolaire not configured at all.
    badly = await createTestContext({
      EDULIB_API_URL: fake.edulibUrl,
      EDULIB_API_KEY: 'revoked-key',
      PUBLISHER_TIMEOUT_MS: '2000',
    });
    const ids = await insertCatalogue(badly.db);
    const uai = (await buildSchool(badly.db)).uai;
    [pupil] = (await insertPupils(badly.db, uai, 1, 'badly')) as [{ id: number; login: string }];
    await grant(badly.db, pupil.id, ids.edulib);
    await grant(badly.db, pupil.id, ids.lls);
    const administrator = await buildUser(badly.db, badly.env.encryptionKey, { profile: 'Administrateur' });
    cookie = await signIn(badly.app, administrator.login, administrator.password);
  });
  afterAll(() => badly.close());

  it('answers in plain words that a publisher is not configured', async () => {
    const response = await injectAs(
      badly.app,
      cookie,
      requestOf(apps.syncTokens, { publisher: 'le-livre-scolaire', target: 'all' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: false,
      Commentaire: "La synchronisation Le Livre Scolaire n'est pas configurée sur ce serveur.",
    });
  });

  it('says the publisher refused the key, and writes nothing', async () => {
    const response = await injectAs(badly.app, cookie, requestOf(apps.syncTokens, { publisher: 'edulib', target: 'all' }));
    expect(response.json()).toEqual({
      ok: false,
      Commentaire: "Edulib a refusé la clé d'accès de ce serveur. Aucun jeton n'a été enregistré.",
    });
    expect((await accessesOf(badly.db, [pupil.id])).map((row) => row.validToken)).toEqual([null, null]);
  });
});
