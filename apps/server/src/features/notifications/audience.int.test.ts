// The audience of a notification (`POST /devices/notifications`): who it reaches by school,
// profile, application and subject, each caller within their schools, and their live tokens.
import { notifications as contract } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '#test/factories.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildApplication, buildSchool, buildSignedInUsers, buildUser, giveApplication } from '#test/factories.js';
import { buildDevice } from '#test/users-factories.js';
import { giveStaffTheNotificationsView } from './notifications.test-support.js';
import { markTokensDead } from '#features/devices/devices.repository.js';

type Caller = 'admin' | 'manager' | 'direction' | 'pupil';

let t: TestContext;
let cookies: Record<Caller, string>;
let home: string;
let other: string;
let third: string;
let manuals: { id: number };
/** The users of each school, by name. */
let people: Record<'maths' | 'french' | 'teacher' | 'disabled' | 'farPupil' | 'thirdPupil', BuiltUser>;

beforeAll(async () => {
  t = await createTestContext();
  await giveStaffTheNotificationsView(t.db);
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  other = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  third = (await buildSchool(t.db, { name: 'Lycée Ampère' })).uai;
  ({ cookies } = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur' },
    manager: { profile: 'Gestionnaire', managedSchools: [home, other] },
    direction: { profile: 'Administrateur établissement', uai: home },
    pupil: { profile: 'Eleve', uai: home },
  }));
  const user = (values: Parameters<typeof buildUser>[2]) => buildUser(t.db, t.env.encryptionKey, values);
  people = {
    maths: await user({ profile: 'Eleve', uai: home, subject: 'Mathématiques, Physique' }),
    french: await user({ profile: 'Eleve', uai: home, subject: 'Français' }),
    teacher: await user({ profile: 'Enseignant', uai: home, subject: 'Œuvres littéraires' }),
    disabled: await user({ profile: 'Eleve', uai: home, disabled: true }),
    farPupil: await user({ profile: 'Eleve', uai: other }),
    thirdPupil: await user({ profile: 'Eleve', uai: third }),
  };
  manuals = await buildApplication(t.db, { name: 'Manuels numériques' });
  await giveApplication(t.db, people.maths, manuals);
  await giveApplication(t.db, people.french, manuals, { status: 0 });
  // Two devices for the maths pupil (one with a dead token, one without any), one each for the others.
  await buildDevice(t.db, people.maths, { token: 'maths-1' });
  await buildDevice(t.db, people.maths, { token: 'maths-dead' });
  await buildDevice(t.db, people.maths, { token: null });
  await buildDevice(t.db, people.french, { token: 'french-1', provider: 'expo' });
  await buildDevice(t.db, people.teacher, { token: 'teacher-1' });
  await buildDevice(t.db, people.disabled, { token: 'disabled-1' });
  await buildDevice(t.db, people.farPupil, { token: 'far-1' });
  await buildDevice(t.db, people.thirdPupil, { token: 'third-1' });
  await markTokensDead(t.db, ['maths-dead']);
});
afterAll(() => t.close());

const audience = (who: Caller, body: contract.AudienceBody | Record<string, unknown>) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.notificationAudience), payload: body });

async function countsOf(who: Caller, body: Record<string, unknown>) {
  const response = await audience(who, { count: 1, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return contract.audienceAnswerSchema.parse(response.json())[0];
}

describe('the audience of a notification', () => {
  it("counts a school's enabled users and their live tokens (not a dead one, not a device without)", async () => {
    // The school administrator, the signed-in pupil, and the maths, French and literature users; not the disabled one.
    expect(await countsOf('direction', { arrayUai: [home] })).toEqual({ nbUsers: 5, nbTokens: 3 });
  });

  it('keeps the profiles ticked, none meaning all', async () => {
    expect(await countsOf('direction', { arrayProfiles: ['Enseignant'] })).toEqual({ nbUsers: 1, nbTokens: 1 });
    expect(await countsOf('direction', { arrayProfiles: ['Eleve', 'Enseignant'] })).toEqual({ nbUsers: 4, nbTokens: 3 });
  });

  it('keeps the users with an enabled access to an application chosen', async () => {
    expect(await countsOf('direction', { arrayApplications: [manuals.id] })).toEqual({ nbUsers: 1, nbTokens: 1 });
  });

  it('matches the subject term by term, accents, ligatures and case aside, with either operator', async () => {
    expect(await countsOf('direction', { subject: 'mathematiques' })).toEqual({ nbUsers: 1, nbTokens: 1 });
    expect(await countsOf('direction', { subject: 'MATH; francais' })).toEqual({ nbUsers: 2, nbTokens: 2 });
    expect(await countsOf('direction', { subject: 'math, physique', logicalOperator: 'and' })).toEqual({
      nbUsers: 1,
      nbTokens: 1,
    });
    expect(await countsOf('direction', { subject: 'physique', searchOperator: 'startsWith' })).toEqual({
      nbUsers: 0,
      nbTokens: 0,
    });
    expect(await countsOf('direction', { subject: 'oeuvres', searchOperator: 'startsWith' })).toEqual({
      nbUsers: 1,
      nbTokens: 1,
    });
    expect(await countsOf('direction', { subject: 'français', searchOperator: 'equals' })).toEqual({ nbUsers: 1, nbTokens: 1 });
    // A LIKE wildcard is a letter like any other.
    expect(await countsOf('direction', { subject: '%' })).toEqual({ nbUsers: 0, nbTokens: 0 });
  });

  it('answers the live tokens after the counts with count 0', async () => {
    const response = await audience('direction', { count: 0, arrayProfiles: ['Eleve'] });
    expect(response.statusCode, response.body).toBe(200);
    const [counts, ...tokens] = contract.audienceAnswerSchema.parse(response.json());
    expect(counts).toEqual({ nbUsers: 3, nbTokens: 2 });
    expect(tokens).toEqual([
      { idUser: people.maths.id, token: 'maths-1', provider: 'fcm' },
      { idUser: people.french.id, token: 'french-1', provider: 'expo' },
    ]);
  });
});

describe('whose audience', () => {
  it("gives a school administrator their school's users only, and no other school", async () => {
    // Every school, as they reach it: their own.
    expect(await countsOf('direction', {})).toEqual(await countsOf('direction', { arrayUai: [home] }));
    expect(await countsOf('direction', { arrayUai: ['all'] })).toEqual({ nbUsers: 5, nbTokens: 3 });
    expect((await audience('direction', { arrayUai: [other] })).statusCode).toBe(404);
    expect((await audience('direction', { arrayUai: [home, other] })).statusCode).toBe(404);
  });

  it('gives a Gestionnaire the schools they manage, an Administrateur every school', async () => {
    expect(await countsOf('manager', { arrayProfiles: ['Eleve'] })).toEqual({ nbUsers: 4, nbTokens: 3 });
    expect((await audience('manager', { arrayUai: [third] })).statusCode).toBe(404);
    expect(await countsOf('admin', { arrayProfiles: ['Eleve'] })).toMatchObject({ nbTokens: 4 });
    expect(await countsOf('admin', { arrayUai: [third] })).toEqual({ nbUsers: 1, nbTokens: 1 });
  });

  it("is nobody's without the notifications right", async () => {
    expect((await audience('pupil', {})).statusCode).toBe(403);
  });

  it('refuses filters that are not filters', async () => {
    for (const body of [
      { arrayUai: ['nope'] },
      { arrayProfiles: ['Directeur'] },
      { arrayApplications: [0] },
      { count: 2 },
      { logicalOperator: 'xor' },
      { subject: Array.from({ length: contract.SUBJECT_TERMS_MAX + 1 }, (_, index) => `t${index}`).join(',') },
    ])
      expect((await audience('admin', body)).statusCode, JSON.stringify(body)).toBe(400);
  });
});
