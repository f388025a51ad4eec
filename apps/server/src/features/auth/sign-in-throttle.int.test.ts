import { auth } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle, users } from '#platform/db/schema/index.js';
import { createTestContext, requestOf, type TestContext } from '#test/context.js';
import { buildSchool, buildUser, type BuiltUser } from '#test/factories.js';
import { DEVICE_COOKIE } from './device-cookie.js';

const SCHOOL_ADDRESS = '10.20.30.40';

let t: TestContext;
let teacher: BuiltUser;
let pupil: BuiltUser;
let classmate: BuiltUser;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_ADDRESS_MAX_FAILURES: '3', LOGIN_MAX_FAILURES: '5' });
  const { uai } = await buildSchool(t.db);
  teacher = await buildUser(t.db, t.env.encryptionKey, { profile: 'Enseignant', uai });
  pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai });
  classmate = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai });
});
afterAll(() => t.close());

function login(user: { login: string; password: string }, options: { address?: string; device?: string } = {}) {
  return t.app.inject({
    ...requestOf(auth.login),
    payload: { login: user.login, password: user.password },
    remoteAddress: options.address ?? SCHOOL_ADDRESS,
    ...(options.device !== undefined && { cookies: { [DEVICE_COOKIE]: options.device } }),
  });
}

function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === DEVICE_COOKIE);
  if (!cookie) throw new Error(`no device cookie (status ${response.statusCode})`);
  return cookie.value;
}

async function failuresOf(address: string): Promise<number> {
  const [row] = await t.db
    .select()
    .from(loginThrottle)
    .where(eq(loginThrottle.key, `address:${address}`));
  return row?.failures ?? 0;
}

describe('the address limit spares the browsers that signed in before (OWASP device cookie)', () => {
  let teacherDevice: string;

  it('gives a browser a signed device cookie for the account at each successful sign-in', async () => {
    const response = await login(teacher);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((candidate) => candidate.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: requestOf(auth.login).url,
      maxAge: 180 * 24 * 3600,
    });
    teacherDevice = cookie!.value;
    expect(teacherDevice).toMatch(new RegExp(`^${teacher.id}~`));
  });

  it('refuses unknown browsers of an address after its failures, and lets the known browser of the account in', async () => {
    for (const attempt of ['a', 'b', 'c']) {
      expect((await login({ login: `unknown.${attempt}`, password: 'whatever' })).statusCode).toBe(401);
    }
    expect(await failuresOf(SCHOOL_ADDRESS)).toBe(3);

    const unknownBrowser = await login(pupil);
    expect(unknownBrowser.statusCode).toBe(429);
    expect(unknownBrowser.json().code).toBe('too_many_attempts');

    const knownBrowser = await login(teacher, { device: teacherDevice });
    expect(knownBrowser.statusCode).toBe(200);
    expect(knownBrowser.json()).toMatchObject({ id: teacher.id });

    const elsewhere = await login(pupil, { address: '10.99.0.1' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("does not let one account's device cookie open the address limit for another account (password spraying)", async () => {
    const otherAccount = await login(pupil, { device: teacherDevice });
    expect(otherAccount.statusCode).toBe(429);
    const [id, nonce, signature] = teacherDevice.split('~') as [string, string, string];
    expect(id).toBe(String(teacher.id));
    const moved = await login(pupil, { device: [pupil.id, nonce, signature].join('~') });
    expect(moved.statusCode).toBe(429);
    const forged = await login(teacher, { device: [teacher.id, nonce, 'A'.repeat(22)].join('~') });
    expect(forged.statusCode).toBe(429);
  });

  it("counts a known browser's wrong password on the account, not on the address", async () => {
    const before = await failuresOf(SCHOOL_ADDRESS);
    const wrong = await login({ login: teacher.login, password: 'not-the-password' }, { device: teacherDevice });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_credentials');
    expect(await failuresOf(SCHOOL_ADDRESS)).toBe(before);
    const [row] = await t.db.select({ failedLogins: users.failedLogins }).from(users).where(eq(users.id, teacher.id));
    expect(row?.failedLogins).toBe(1);
  });

  it('keeps the accounts of a shared computer: each signs in behind the limited address', async () => {
    const first = await login(pupil, { address: '10.99.0.2' });
    const shared = await login(classmate, { address: '10.99.0.2', device: deviceCookieOf(first) });
    const device = deviceCookieOf(shared);
    expect((await login(pupil, { device })).statusCode).toBe(200);
    expect((await login(classmate, { device })).statusCode).toBe(200);
    expect((await login(teacher, { device })).statusCode).toBe(429);
  });

  it('lets a valid sign-in link in behind the limited address, and still refuses unknown links from it', async () => {
    const byLink = await t.app.inject({
      ...requestOf(auth.loginWithToken),
      payload: { id: classmate.linkToken },
      remoteAddress: SCHOOL_ADDRESS,
    });
    expect(byLink.statusCode).toBe(200);
    expect(deviceCookieOf(byLink)).toMatch(new RegExp(`^${classmate.id}~`));
    const unknown = await t.app.inject({
      ...requestOf(auth.loginWithToken),
      payload: { id: 'x'.repeat(43) },
      remoteAddress: SCHOOL_ADDRESS,
    });
    expect(unknown.statusCode).toBe(429);
  });
});

describe('the client address behind a load balancer (TRUST_PROXY)', () => {
  async function attemptsUntilRefused(trustProxy: string): Promise<number[]> {
    const behind = await createTestContext({ TRUST_PROXY: trustProxy, LOGIN_ADDRESS_MAX_FAILURES: '2' });
    try {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        // The client writes a new address of its own each time; the balancer (10.0.0.2) appends the real one.
        const response = await behind.app.inject({
          ...requestOf(auth.login),
          payload: { login: 'unknown.login', password: 'whatever' },
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.7` },
        });
        statuses.push(response.statusCode);
      }
      return statuses;
    } finally {
      await behind.close();
    }
  }

  it('counts the address the balancer saw when told how many proxies stand in front, or which', async () => {
    expect(await attemptsUntilRefused('1')).toEqual([401, 401, 429]);
    expect(await attemptsUntilRefused('10.0.0.0/8')).toEqual([401, 401, 429]);
  });

  it('lets the client choose its address when every hop is believed (why the docs advise against true)', async () => {
    expect(await attemptsUntilRefused('true')).toEqual([401, 401, 401]);
  });
});

describe('failure delays', () => {
  let slow: TestContext;
  beforeAll(async () => {
    slow = await createTestContext({ LOGIN_FAILURE_DELAY_MS: '150' });
  });
  afterAll(() => slow.close());

  const attempt = (loginName: string, password: string) =>
    slow.app.inject({ ...requestOf(auth.login), payload: { login: loginName, password }, remoteAddress: '10.7.7.7' });

  async function timed(run: () => Promise<LightMyRequestResponse>): Promise<{ status: number; code: string; ms: number }> {
    const started = performance.now();
    const response = await run();
    return { status: response.statusCode, code: response.json().code, ms: performance.now() - started };
  }

  it('slows a wrong password and an unknown login by the configured delay', async () => {
    const user = await buildUser(slow.db, slow.env.encryptionKey, { profile: 'Enseignant' });
    const wrong = await timed(() => attempt(user.login, 'nope'));
    expect(wrong).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(wrong.ms).toBeGreaterThanOrEqual(150);
    const unknown = await timed(() => attempt('nobody.at.all', 'nope'));
    expect(unknown).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(unknown.ms).toBeGreaterThanOrEqual(150);
  });

  it("answers a locked account's owner clearly, but no sooner than an unknown login", async () => {
    for (const profile of ['Gestionnaire', 'Eleve'] as const) {
      const locked = await buildUser(slow.db, slow.env.encryptionKey, { profile, locked: true, failedLogins: 5 });
      for (const password of [locked.password, 'a-wrong-one']) {
        const answer = await timed(() => attempt(locked.login, password));
        expect({ profile, ...answer }).toMatchObject({ profile, status: 423, code: 'account_locked' });
        expect(answer.ms).toBeGreaterThanOrEqual(150);
      }
    }
  });
});
