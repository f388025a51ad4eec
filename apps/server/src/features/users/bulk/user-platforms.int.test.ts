import { users as contract } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptSecret } from '#platform/auth/secrets.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildUser, giveApplication, type BuiltUser } from '#test/factories.js';
import { arrangeTwoSchools, buildCredentialApplication, setProfileRight } from '#test/users-factories.js';

let t: TestContext;
let pupil: BuiltUser;
let teacher: BuiltUser;
let stranger: BuiltUser;
let cookies: Record<'direction' | 'manager' | 'pupil', string>;

beforeAll(async () => {
  t = await createTestContext({ SESSION_CACHE_MS: '0' });
  const key = t.env.encryptionKey;
  const arranged = await arrangeTwoSchools(t, { managerOf: 'home', pupil: { password: 'ravo4821' } });
  const { home, other } = arranged;
  cookies = arranged.cookies;
  pupil = arranged.users.pupil;
  teacher = await buildUser(t.db, key, { profile: 'Enseignant', uai: home, password: 'tema1234' });
  stranger = await buildUser(t.db, key, { profile: 'Eleve', uai: other });
  const manuals = await buildCredentialApplication(t.db, 'Manuels', { application: { applicationCodeRequired: true } });
  const atlas = await buildCredentialApplication(t.db, 'Atlas');
  await giveApplication(t.db, pupil, manuals, {
    login: 'pupil.manuels',
    keys: 'CODE-1',
    passwordEncrypted: encryptSecret(key, 'plateforme-1'),
  });
  await giveApplication(t.db, pupil, atlas, { status: 0 });
});
afterAll(() => t.close());

const platformsOf = (who: keyof typeof cookies, userIds: object) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.getUsersPlatforms), payload: { userIds } });

describe('POST /users/platforms', () => {
  it('answers each user’s accesses grouped by platform, with clear passwords for who may see them', async () => {
    const response = await platformsOf('direction', [teacher.id, pupil.id]);
    expect(response.statusCode).toBe(200);
    const answer = contract.getUsersPlatforms.answer.parse(response.json());
    expect(answer.map((user) => user.userId)).toEqual([teacher.id, pupil.id]);
    expect(answer[0]).toMatchObject({ login: teacher.login, profile: 'Enseignant', userPassword: 'tema1234', platforms: [] });
    expect(answer[1]!.userPassword).toBe('ravo4821');
    expect(answer[1]!.platforms).toHaveLength(2);
    const manuals = answer[1]!.platforms
      .flatMap((platform) => platform.applications)
      .find((application) => application.keys === 'CODE-1');
    expect(manuals).toMatchObject({ status: 1, login: 'pupil.manuels', password: 'plateforme-1', hasPassword: true });
  });

  it('hides every password from a caller who may not see passwords', async () => {
    await setProfileRight(t.db, 'Gestionnaire', 'FicheUser_profil', { lecture: 0, ecriture: 0 });
    const response = await platformsOf('manager', [pupil.id]);
    expect(response.statusCode).toBe(200);
    const [user] = contract.getUsersPlatforms.answer.parse(response.json());
    expect(user!.userPassword).toBeNull();
    expect(
      user!.platforms.flatMap((platform) => platform.applications).every((application) => application.password === null),
    ).toBe(true);
    expect(response.body).not.toContain('ravo4821');
    expect(response.body).not.toContain('plateforme-1');
  });

  it('answers 404 for a user out of reach, 400 for bad input, 403 for a pupil, 401 without session', async () => {
    expect((await platformsOf('direction', [pupil.id, stranger.id])).statusCode).toBe(404);
    expect((await platformsOf('direction', [])).statusCode).toBe(400);
    expect((await platformsOf('pupil', [pupil.id])).statusCode).toBe(403);
    expect((await t.app.inject({ ...requestOf(contract.getUsersPlatforms), payload: { userIds: [pupil.id] } })).statusCode).toBe(
      401,
    );
  });
});
