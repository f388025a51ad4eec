import { directory } from '@console/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildUser } from '#test/factories.js';
import { startFakeEducationDirectory, type FakeEducationDirectory } from '#test/fakes/education-directory.js';

let fake: FakeEducationDirectory;
let t: TestContext;
let adminCookie: string;
let managerCookie: string;

beforeAll(async () => {
  fake = await startFakeEducationDirectory({ slowMs: 6_000 });
  t = await createTestContext({ EDUCATION_DIRECTORY_URL: fake.url, EDUCATION_DIRECTORY_TIMEOUT_MS: '2000' });
  const admin = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur' });
  const manager = await buildUser(t.db, t.env.encryptionKey, { profile: 'Gestionnaire' });
  adminCookie = await signIn(t.app, admin.login, admin.password);
  managerCookie = await signIn(t.app, manager.login, manager.password);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.setMode('normal'));

function search(cookie: string, q: string) {
  return injectAs(t.app, cookie, { ...requestOf(directory.searchSchools), query: { q } });
}

describe('GET /directory/schools', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ ...requestOf(directory.searchSchools), query: { q: 'vinci' } });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a profile without NavBar_addEtablissement at Ecriture', async () => {
    const response = await search(managerCookie, 'vinci');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forbidden' });
  });

  it.each(['v', '  v  ', 'x'.repeat(101)])('answers 400 for the search text %j', async (q) => {
    const response = await search(adminCookie, q);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', details: { fieldErrors: { q: expect.any(Array) } } });
  });

  it('answers 400 without a search text', async () => {
    const response = await injectAs(t.app, adminCookie, requestOf(directory.searchSchools));
    expect(response.statusCode).toBe(400);
  });

  it('answers the matching schools', async () => {
    const response = await search(adminCookie, '  vinci melun ');
    expect(response.statusCode).toBe(200);
    const body = directory.searchSchools.answer.parse(response.json());
    expect(body.results).toEqual([
      {
        identifiant_de_l_etablissement: '0770934X',
        nom_etablissement: 'Lycée polyvalent Léonard de Vinci',
        nom_commune: 'Melun',
        statut_public_prive: 'Public',
        code_postal: '77000',
        libelle_departement: 'Seine-et-Marne',
        libelle_region: 'Ile-de-France',
        adresse_1: '2 bis rue Edouard Branly',
        latitude: 48.55108679994959,
        longitude: 2.659903143940967,
      },
    ]);
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await search(adminCookie, 'zzzz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [] });
  });

  it.each(['error', 'slow', 'rate-limited', 'garbage'] as const)(
    'answers 503 directory_unavailable when the directory is in %s mode',
    async (mode) => {
      fake.setMode(mode);
      const response = await search(adminCookie, 'vinci');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'service_unavailable', details: { reason: 'directory_unavailable' } });
    },
  );
});

describe('GET /directory/schools with the directory down', () => {
  it('answers 503, never a 500', async () => {
    const stopped = await startFakeEducationDirectory();
    await stopped.close();
    const down = await createTestContext({ EDUCATION_DIRECTORY_URL: stopped.url });
    try {
      const admin = await buildUser(down.db, down.env.encryptionKey, { profile: 'Administrateur' });
      const response = await injectAs(down.app, await signIn(down.app, admin.login, admin.password), {
        ...requestOf(directory.searchSchools),
        query: { q: 'vinci' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'service_unavailable',
        details: { reason: 'directory_unavailable', failure: 'unreachable' },
      });
    } finally {
      await down.close();
    }
  });
});
