// Registering devices through the API (`POST /devices`): for the signed-in user only, refreshed
// by installation, moving with a shared tablet and with a push token, alive again when registered,
// and what the user page then shows.
import { devices as contract, users as usersContract } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '#platform/db/schema/index.js';
import type { BuiltUser } from '#test/factories.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers } from '#test/factories.js';
import { markTokensDead } from './devices.repository.js';

type Caller = 'pupil' | 'classmate' | 'direction';

let t: TestContext;
let cookies: Record<Caller, string>;
let people: Record<Caller, BuiltUser>;

beforeAll(async () => {
  t = await createTestContext();
  const home = (await buildSchool(t.db)).uai;
  ({ cookies, users: people } = await buildSignedInUsers(t, {
    pupil: { profile: 'Eleve', uai: home },
    classmate: { profile: 'Eleve', uai: home },
    direction: { profile: 'Administrateur établissement', uai: home },
  }));
});
afterAll(() => t.close());

let sequence = 0;
const installation = () => `install-${++sequence}-${Date.now()}`;

const tablet = (installationId: string, values: Partial<contract.RegisterDeviceBody> = {}) => ({
  installationId,
  model: 'iPad (9e génération)',
  operatingSystem: 'iPadOS 17.6',
  availableSpace: 12_345,
  applicationVersion: '3.2.1',
  token: null,
  provider: null,
  ...values,
});

const register = (who: Caller, payload: object) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.registerDevice), payload });
const devicesOf = (who: Caller) => t.db.select().from(devices).where(eq(devices.userId, people[who].id));

describe('registering a device', () => {
  it("registers the signed-in user's device, then refreshes the same installation rather than adding one", async () => {
    const id = installation();
    const first = await register('pupil', tablet(id, { token: `fcm-${id}`, provider: 'fcm' }));
    expect(first.statusCode, first.body).toBe(200);
    expect(contract.registeredDeviceSchema.parse(first.json())).toMatchObject({
      model: 'iPad (9e génération)',
      availableSpace: 12_345,
      token: `fcm-${id}`,
      provider: 'fcm',
    });

    const again = await register(
      'pupil',
      tablet(id, { availableSpace: 9_000, applicationVersion: '3.3.0', token: `fcm-${id}-2`, provider: 'fcm' }),
    );
    expect(again.statusCode, again.body).toBe(200);
    const rows = (await devicesOf('pupil')).filter((row) => row.installationId === id);
    expect(rows).toEqual([expect.objectContaining({ availableSpace: 9_000, applicationVersion: '3.3.0', token: `fcm-${id}-2` })]);

    // The user page shows it, as the pupil reads their own.
    const page = await injectAs(t.app, cookies.pupil, requestOf(usersContract.getUser, { id: people.pupil.id }));
    expect(usersContract.userPageSchema.parse(page.json()).devices).toContainEqual(
      expect.objectContaining({ model: 'iPad (9e génération)', availableSpace: 9_000, token: `fcm-${id}-2` }),
    );
  });

  it('moves a shared tablet to the pupil now signed in on it, and a token to the device that now holds it', async () => {
    const shared = installation();
    expect((await register('pupil', tablet(shared))).statusCode).toBe(200);
    expect((await register('classmate', tablet(shared, { token: `expo-${shared}`, provider: 'expo' }))).statusCode).toBe(200);
    expect((await devicesOf('pupil')).some((row) => row.installationId === shared)).toBe(false);
    expect((await devicesOf('classmate')).filter((row) => row.installationId === shared)).toEqual([
      expect.objectContaining({ token: `expo-${shared}`, provider: 'expo' }),
    ]);

    // The app reinstalled (a new installation) keeps the token: the old device loses it.
    const reinstalled = installation();
    expect((await register('classmate', tablet(reinstalled, { token: `expo-${shared}`, provider: 'expo' }))).statusCode).toBe(
      200,
    );
    const byInstallation = new Map((await devicesOf('classmate')).map((row) => [row.installationId, row]));
    expect(byInstallation.get(shared)).toMatchObject({ token: null, provider: null });
    expect(byInstallation.get(reinstalled)).toMatchObject({ token: `expo-${shared}`, provider: 'expo' });
  });

  it('brings a dead token back to life when the app registers it again', async () => {
    const id = installation();
    const token = `fcm-dead-${id}`;
    await register('pupil', tablet(id, { token, provider: 'fcm' }));
    expect(await markTokensDead(t.db, [token, 'unknown-token'])).toBe(1);
    expect(await markTokensDead(t.db, [token])).toBe(0);
    expect((await devicesOf('pupil')).find((row) => row.token === token)?.deadAt).toBeInstanceOf(Date);

    await register('pupil', tablet(id, { token, provider: 'fcm' }));
    expect((await devicesOf('pupil')).find((row) => row.token === token)?.deadAt).toBeNull();
  });

  it(`keeps the ${contract.DEVICES_PER_USER_MAX} devices seen last`, async () => {
    const ids = Array.from({ length: contract.DEVICES_PER_USER_MAX + 2 }, installation);
    for (const id of ids) expect((await register('direction', tablet(id))).statusCode).toBe(200);
    const kept = (await devicesOf('direction')).map((row) => row.installationId).sort();
    expect(kept).toEqual(ids.slice(2).sort());
  });

  it('refuses a token without its service, a service without a token, and what is not a device, changing nothing', async () => {
    const before = (await devicesOf('pupil')).length;
    for (const payload of [
      tablet(installation(), { token: 'abc' }),
      tablet(installation(), { provider: 'fcm' }),
      tablet(installation(), { provider: 'apns' as never, token: 'abc' }),
      { ...tablet(installation()), model: '' },
      { ...tablet(installation()), installationId: 'x'.repeat(201) },
      { ...tablet(installation()), token: 'x'.repeat(contract.PUSH_TOKEN_MAX_LENGTH + 1), provider: 'webpush' },
    ]) {
      const response = await register('pupil', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect((await devicesOf('pupil')).length).toBe(before);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ ...requestOf(contract.registerDevice), payload: tablet(installation()) });
    expect(response.statusCode).toBe(401);
  });
});
