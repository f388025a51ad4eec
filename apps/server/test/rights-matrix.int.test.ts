import { auth, PROFILE_NAMES, type ProfileName } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from './context.js';
import { buildSchool, buildUser, type BuiltUser } from './factories.js';

/**
 * Profile × action × school: who may act on a user of their own school, of a school they
 * manage, and of a school outside their reach. 404 outside reach, 403 when visible but not allowed.
 */
let t: TestContext;
let homeSchool: string;
let managedSchool: string;
let foreignSchool: string;
const actors = {} as Record<ProfileName, BuiltUser>;
const targets = {} as Record<'home' | 'managed' | 'foreign', BuiltUser>;

beforeAll(async () => {
  t = await createTestContext();
  homeSchool = (await buildSchool(t.db)).uai;
  managedSchool = (await buildSchool(t.db)).uai;
  foreignSchool = (await buildSchool(t.db)).uai;
  const key = t.env.encryptionKey;
  actors.Administrateur = await buildUser(t.db, key, { profile: 'Administrateur' });
  actors.Gestionnaire = await buildUser(t.db, key, { profile: 'Gestionnaire', managedSchools: [managedSchool] });
  actors['Administrateur établissement'] = await buildUser(t.db, key, {
    profile: 'Administrateur établissement',
    uai: homeSchool,
  });
  actors.Enseignant = await buildUser(t.db, key, { profile: 'Enseignant', uai: homeSchool });
  actors.Eleve = await buildUser(t.db, key, { profile: 'Eleve', uai: homeSchool });
  targets.home = await buildUser(t.db, key, { profile: 'Eleve', uai: homeSchool });
  targets.managed = await buildUser(t.db, key, { profile: 'Eleve', uai: managedSchool });
  targets.foreign = await buildUser(t.db, key, { profile: 'Eleve', uai: foreignSchool });
});
afterAll(() => t.close());

const renewLink: Record<ProfileName, Record<'home' | 'managed' | 'foreign', number>> = {
  Administrateur: { home: 200, managed: 200, foreign: 200 },
  Gestionnaire: { home: 404, managed: 200, foreign: 404 },
  'Administrateur établissement': { home: 200, managed: 404, foreign: 404 },
  Enseignant: { home: 403, managed: 403, foreign: 403 },
  Eleve: { home: 403, managed: 403, foreign: 403 },
};

const unlock: Record<ProfileName, number> = {
  Administrateur: 200,
  Gestionnaire: 403,
  'Administrateur établissement': 403,
  Enseignant: 403,
  Eleve: 403,
};

describe.each(PROFILE_NAMES)('%s', (profile) => {
  it('renews sign-in links only within reach', async () => {
    const cookie = await signIn(t.app, actors[profile].login, actors[profile].password);
    for (const where of ['home', 'managed', 'foreign'] as const) {
      const response = await injectAs(t.app, cookie, requestOf(auth.regenerateLinkToken, { userId: targets[where].id }));
      expect({ where, status: response.statusCode }).toEqual({ where, status: renewLink[profile][where] });
    }
  });

  it('unlocks accounts only as Administrateur', async () => {
    const cookie = await signIn(t.app, actors[profile].login, actors[profile].password);
    const response = await injectAs(t.app, cookie, requestOf(auth.unlockAccount, { userId: targets.home.id }));
    expect(response.statusCode).toBe(unlock[profile]);
  });

  it('reads its own session', async () => {
    const cookie = await signIn(t.app, actors[profile].login, actors[profile].password);
    const response = await injectAs(t.app, cookie, requestOf(auth.me));
    expect(response.json()).toMatchObject({ profile, id: actors[profile].id });
  });
});
