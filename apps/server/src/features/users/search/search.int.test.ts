import { users as contract } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, signInEach, type TestContext } from '#test/context.js';
import { buildSchool, buildUser } from '#test/factories.js';

let t: TestContext;
let home: string;
let managed: string;
let cookies: Record<'admin' | 'manager' | 'direction' | 'pupil', string>;

beforeAll(async () => {
  t = await createTestContext();
  const key = t.env.encryptionKey;
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin', town: 'Lyon' })).uai;
  managed = (await buildSchool(t.db, { name: 'Lycée Victor Hugo', town: 'Nantes' })).uai;
  const admin = await buildUser(t.db, key, {
    profile: 'Administrateur',
    lastname: 'Staff',
    firstname: 'Alice',
    login: 'alice.staff',
  });
  const manager = await buildUser(t.db, key, {
    profile: 'Gestionnaire',
    managedSchools: [managed],
    lastname: 'Gérant',
    login: 'g.erant',
  });
  const direction = await buildUser(t.db, key, { profile: 'Administrateur établissement', uai: home, login: 'dir.home' });
  const pupil = await buildUser(t.db, key, {
    profile: 'Eleve',
    uai: home,
    lastname: 'Dupont',
    firstname: 'Hélène',
    login: 'helene.dupont',
    level: '6e',
    className: '6A',
  });
  await buildUser(t.db, key, { profile: 'Eleve', uai: managed, lastname: 'Dupond', firstname: 'Jean', login: 'jean.dupond' });
  await buildUser(t.db, key, {
    profile: 'Enseignant',
    uai: home,
    lastname: 'Martin',
    firstname: 'Jean',
    login: 'jean.martin',
    disabled: true,
  });
  for (let n = 0; n < 55; n++) {
    await buildUser(t.db, key, {
      profile: 'Eleve',
      uai: home,
      lastname: `Zola${String(n).padStart(2, '0')}`,
      firstname: 'Émile',
      login: `emile.zola${n}`,
    });
  }
  cookies = await signInEach(t.app, { admin, manager, direction, pupil });
});
afterAll(() => t.close());

async function search(who: keyof typeof cookies, q: string, page = 0) {
  const response = await injectAs(t.app, cookies[who], {
    ...requestOf(contract.searchUsers),
    query: { q, page: String(page) },
  });
  return {
    status: response.statusCode,
    body: response.statusCode === 200 ? contract.searchUsers.answer.parse(response.json()) : response.json(),
  };
}

describe('GET /users/search', () => {
  it('finds by last name, first name or login prefix, ignoring accents and case, with the school', async () => {
    const { body } = await search('admin', 'dupon');
    expect(body.results.map((user: { login: string }) => user.login)).toEqual(['jean.dupond', 'helene.dupont']);
    expect(body.results[1]).toEqual({
      id: expect.any(Number),
      uai: home,
      city: 'Lyon',
      school: 'Collège Jean Moulin',
      lastname: 'Dupont',
      firstname: 'Hélène',
      login: 'helene.dupont',
      level: '6e',
      className: '6A',
      profile: 'Eleve',
      disabled: false,
    });
    expect((await search('admin', 'HELENE')).body.results.map((user: { login: string }) => user.login)).toEqual([
      'helene.dupont',
    ]);
    expect((await search('admin', 'jean.m')).body.results.map((user: { login: string }) => user.login)).toEqual(['jean.martin']);
  });

  it('needs every word to match: first name and last name in any order', async () => {
    expect((await search('admin', 'jean dupond')).body.results.map((user: { login: string }) => user.login)).toEqual([
      'jean.dupond',
    ]);
    expect((await search('admin', 'dupond jean')).body.results.map((user: { login: string }) => user.login)).toEqual([
      'jean.dupond',
    ]);
    expect((await search('admin', 'jean zola')).body.results).toEqual([]);
  });

  it('treats % and _ as plain characters', async () => {
    expect((await search('admin', '%')).body.results).toEqual([]);
    expect((await search('admin', '_')).body.results).toEqual([]);
  });

  it('scopes to the caller’s schools', async () => {
    const logins = async (who: keyof typeof cookies, q: string) =>
      (await search(who, q)).body.results.map((user: { login: string }) => user.login);
    expect(await logins('manager', 'dupon')).toEqual(['jean.dupond']);
    expect(await logins('direction', 'dupon')).toEqual(['helene.dupont']);
    expect(await logins('direction', 'alice')).toEqual([]);
    expect(await logins('admin', 'alice')).toEqual(['alice.staff']);
    expect((await search('pupil', 'dupon')).status).toBe(403);
  });

  it('pages by 50 and says whether more follow', async () => {
    const first = await search('direction', 'zola');
    expect(first.body.results).toHaveLength(50);
    expect(first.body.hasMore).toBe(true);
    const second = await search('direction', 'zola', 1);
    expect(second.body.results).toHaveLength(5);
    expect(second.body.hasMore).toBe(false);
    expect(second.body.results[0].lastname).toBe('Zola50');
  });

  it('answers 400 for a blank query and 401 without a session', async () => {
    expect((await search('admin', '   ')).status).toBe(400);
    expect((await t.app.inject({ ...requestOf(contract.searchUsers), query: { q: 'dupont' } })).statusCode).toBe(401);
  });
});
