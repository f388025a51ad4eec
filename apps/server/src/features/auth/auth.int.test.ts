import { API_VERSION_HEADER, auth, DEFAULT_RIGHTS, RIGHT_AREAS } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSessions } from '#platform/auth/sessions.js';
import { auditLog, loginThrottle, sessions, users } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, sessionCookieOf, signIn, type TestContext } from '#test/context.js';
import { buildSchool, buildUser, type BuiltUser } from '#test/factories.js';

let t: TestContext;
let uai: string;
let admin: BuiltUser;
let pupil: BuiltUser;
let direction: BuiltUser;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_MAX_FAILURES: '3', LOGIN_ADDRESS_MAX_FAILURES: '1000' });
  uai = (await buildSchool(t.db)).uai;
  admin = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur' });
  pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai, password: 'bino3579' });
  direction = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai });
});
afterAll(() => t.close());

function login(loginName: string, password: string, remoteAddress = '10.0.0.1') {
  return t.app.inject({ ...requestOf(auth.login), payload: { login: loginName, password }, remoteAddress });
}

describe('the Secure flag of the sign-in cookies (COOKIE_SECURE unset: from PUBLIC_URL and the request)', () => {
  async function signInCookies(env: Record<string, string>, headers: Record<string, string> = {}) {
    const other = await createTestContext(env);
    try {
      const user = await buildUser(other.db, other.env.encryptionKey, { profile: 'Administrateur' });
      const response = await other.app.inject({
        ...requestOf(auth.login),
        payload: { login: user.login, password: user.password },
        headers,
        remoteAddress: '10.0.0.2',
      });
      expect(response.statusCode).toBe(200);
      return {
        cookies: Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.secure === true])),
        hsts: response.headers['strict-transport-security'] !== undefined,
      };
    } finally {
      await other.close();
    }
  }

  it('is set when PUBLIC_URL is https, with HSTS', async () => {
    expect(await signInCookies({ PUBLIC_URL: 'https://console.example.fr' })).toEqual({
      cookies: { sid: true, device: true },
      hsts: true,
    });
  });

  it('is set when a trusted proxy says the sign-in came over HTTPS, and not when any client says so', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    expect((await signInCookies({ TRUST_PROXY: '1' }, forwarded)).cookies).toEqual({ sid: true, device: true });
    expect((await signInCookies({}, forwarded)).cookies).toEqual({ sid: false, device: false });
  });

  it('follows COOKIE_SECURE when set', async () => {
    expect(await signInCookies({ PUBLIC_URL: 'https://console.example.fr', COOKIE_SECURE: 'false' })).toEqual({
      cookies: { sid: false, device: false },
      hsts: false,
    });
    expect(await signInCookies({ COOKIE_SECURE: 'true' })).toEqual({ cookies: { sid: true, device: true }, hsts: true });
  });
});

describe('POST /auth/login', () => {
  it('answers the session user with the API version header and an httpOnly SameSite cookie', async () => {
    const response = await login(admin.login, admin.password);
    expect(response.statusCode).toBe(200);
    expect(response.headers[API_VERSION_HEADER]).toBe('3.1.0');
    const body = auth.sessionUserSchema.parse(response.json());
    expect(body).toMatchObject({
      id: admin.id,
      IDutilisateur: admin.id,
      profile: 'Administrateur',
      firstname: admin.firstname,
      lastname: admin.lastname,
      uai: null,
      informations: { login: admin.login, uai: null, qrCode: null },
    });
    expect(Object.keys(body.rights).sort()).toEqual([...RIGHT_AREAS].sort());
    const cookie = response.cookies.find((candidate) => candidate.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Over plain HTTP with no https PUBLIC_URL (a console on localhost): not Secure, or the browser would drop it.
    expect(cookie!.secure).toBeUndefined();
    expect(response.body).not.toContain(admin.password);
  });

  it('accepts a pupil by the encrypted printable password, case-insensitively on the login', async () => {
    const response = await login(pupil.login.toUpperCase(), 'bino3579');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      profile: 'Eleve',
      uai,
      rights: DEFAULT_RIGHTS.Eleve,
      informations: { qrCode: pupil.linkToken },
    });
  });

  it('answers 401 invalid_credentials for a wrong password or an unknown login', async () => {
    for (const [name, password] of [
      [direction.login, 'wrong-password'],
      ['nobody.here', 'whatever1A'],
    ] as const) {
      const response = await login(name, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'invalid_credentials' });
      expect(response.cookies.find((candidate) => candidate.name === 'sid')).toBeUndefined();
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, direction.id));
    expect(row?.failedLogins).toBe(1);
  });

  it('refuses a disabled account with the same answer as a wrong password', async () => {
    const disabled = await buildUser(t.db, t.env.encryptionKey, { profile: 'Enseignant', uai, disabled: true });
    const response = await login(disabled.login, disabled.password);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('invalid_credentials');
  });

  it('answers 400 with field errors for a missing or mistyped field, never a 500', async () => {
    const missing = await t.app.inject({ ...requestOf(auth.login), payload: { login: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation_failed',
      details: { fieldErrors: { password: expect.any(Array) } },
    });
    const typed = await t.app.inject({ ...requestOf(auth.login), payload: { login: 12, password: ['a'] } });
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json().details.fieldErrors).sort()).toEqual(['login', 'password']);
    const malformed = await t.app.inject({
      ...requestOf(auth.login),
      payload: '{"login": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('bad_request');
    const huge = await t.app.inject({
      ...requestOf(auth.login),
      payload: { login: 'x', password: 'y'.repeat(2_000_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('payload_too_large');
  });
});

describe('account lock after repeated failures', () => {
  it('locks at the third failure, then refuses even the right password with account_locked, until an Administrateur unlocks', async () => {
    const manager = await buildUser(t.db, t.env.encryptionKey, { profile: 'Gestionnaire' });
    expect((await login(manager.login, 'bad-1')).json().code).toBe('invalid_credentials');
    expect((await login(manager.login, 'bad-2')).json().code).toBe('invalid_credentials');
    const third = await login(manager.login, 'bad-3');
    expect(third.statusCode).toBe(423);
    expect(third.json().code).toBe('account_locked');
    const right = await login(manager.login, manager.password);
    expect(right.statusCode).toBe(423);
    const [row] = await t.db.select().from(users).where(eq(users.id, manager.id));
    expect(row).toMatchObject({ locked: true, failedLogins: 3 });
    const locks = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(manager.id)));
    expect(locks.map((entry) => entry.action)).toContain('lock');

    const directionCookie = await signIn(t.app, direction.login, direction.password);
    const refused = await injectAs(t.app, directionCookie, requestOf(auth.unlockAccount, { userId: manager.id }));
    expect(refused.statusCode).toBe(403);

    const adminCookie = await signIn(t.app, admin.login, admin.password);
    const unlocked = await injectAs(t.app, adminCookie, requestOf(auth.unlockAccount, { userId: manager.id }));
    expect(unlocked.statusCode).toBe(200);
    expect((await login(manager.login, manager.password)).statusCode).toBe(200);
    const unknown = await injectAs(t.app, adminCookie, requestOf(auth.unlockAccount, { userId: 999999 }));
    expect(unknown.statusCode).toBe(404);
  });
});

describe('sessions: GET /auth/me and POST /auth/logout', () => {
  it('answers 401 without a session, restores the user with one, and ends it at logout', async () => {
    expect((await t.app.inject(requestOf(auth.me))).statusCode).toBe(401);
    const cookie = await signIn(t.app, direction.login, direction.password);
    const me = await injectAs(t.app, cookie, requestOf(auth.me));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: direction.id, profile: 'Administrateur établissement', uai });
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, direction.id));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((session) => !cookie.includes(session.id))).toBe(true);

    const out = await injectAs(t.app, cookie, requestOf(auth.logout));
    expect(out.statusCode).toBe(200);
    expect((await injectAs(t.app, cookie, requestOf(auth.me))).statusCode).toBe(401);
  });

  it('rejects a forged or expired session token', async () => {
    expect((await injectAs(t.app, 'sid=forged-token', requestOf(auth.me))).statusCode).toBe(401);
    const uncached = await createTestContext({ SESSION_CACHE_MS: '0' });
    try {
      const user = await buildUser(uncached.db, uncached.env.encryptionKey, { profile: 'Gestionnaire' });
      const cookie = await signIn(uncached.app, user.login, user.password);
      expect((await injectAs(uncached.app, cookie, requestOf(auth.me))).statusCode).toBe(200);
      await uncached.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      expect((await injectAs(uncached.app, cookie, requestOf(auth.me))).statusCode).toBe(401);
    } finally {
      await uncached.close();
    }
  });

  it('reuses a validated session only for SESSION_CACHE_MS, and never after logout on this instance', async () => {
    const cached = await createTestContext({ SESSION_CACHE_MS: '300' });
    try {
      const user = await buildUser(cached.db, cached.env.encryptionKey, { profile: 'Gestionnaire' });
      const cookie = await signIn(cached.app, user.login, user.password);
      const me = () => injectAs(cached.app, cookie, requestOf(auth.me));
      expect((await me()).statusCode).toBe(200);
      await cached.db.delete(sessions).where(eq(sessions.userId, user.id));
      expect((await me()).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await me()).statusCode).toBe(401);

      const second = await signIn(cached.app, user.login, user.password);
      expect((await injectAs(cached.app, second, requestOf(auth.me))).statusCode).toBe(200);
      await injectAs(cached.app, second, requestOf(auth.logout));
      expect((await injectAs(cached.app, second, requestOf(auth.me))).statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });

  it('answers 401 before reading the input of a protected route', async () => {
    const response = await t.app.inject({
      ...requestOf(auth.changePassword),
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });
});

describe("the session's school name", () => {
  it('names the school of a pupil or teacher on every session answer, and none for staff without a school', async () => {
    const schoolName = `Collège ${uai}`;
    const teacher = await buildUser(t.db, t.env.encryptionKey, { profile: 'Enseignant', uai });

    const byPassword = await login(pupil.login, 'bino3579');
    expect(auth.sessionUserSchema.parse(byPassword.json())).toMatchObject({ uai, schoolName });
    const byLink = await t.app.inject({ ...requestOf(auth.loginWithToken), payload: { id: teacher.linkToken } });
    expect(auth.sessionUserSchema.parse(byLink.json())).toMatchObject({ profile: 'Enseignant', uai, schoolName });
    const me = await injectAs(t.app, sessionCookieOf(byLink), requestOf(auth.me));
    expect(auth.sessionUserSchema.parse(me.json())).toMatchObject({ id: teacher.id, uai, schoolName });

    const staff = await login(admin.login, admin.password);
    expect(auth.sessionUserSchema.parse(staff.json())).toMatchObject({ uai: null, schoolName: null });
    const staffMe = await injectAs(t.app, sessionCookieOf(staff), requestOf(auth.me));
    expect(staffMe.json()).toMatchObject({ uai: null, schoolName: null });
  });
});

describe('POST /auth/login/token (sign-in by link)', () => {
  it('signs in with the opaque link token and refuses a database id or a revoked token', async () => {
    const good = await t.app.inject({ ...requestOf(auth.loginWithToken), payload: { id: pupil.linkToken, loginWithUrl: true } });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ id: pupil.id, profile: 'Eleve' });
    sessionCookieOf(good);

    const byId = await t.app.inject({ ...requestOf(auth.loginWithToken), payload: { id: String(pupil.id), loginWithUrl: true } });
    expect(byId.statusCode).toBe(401);

    const adminCookie = await signIn(t.app, admin.login, admin.password);
    const renewed = await injectAs(t.app, adminCookie, requestOf(auth.regenerateLinkToken, { userId: pupil.id }));
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().linkToken as string;
    expect(fresh).not.toBe(pupil.linkToken);
    expect((await t.app.inject({ ...requestOf(auth.loginWithToken), payload: { id: pupil.linkToken } })).statusCode).toBe(401);
    expect((await t.app.inject({ ...requestOf(auth.loginWithToken), payload: { id: fresh } })).statusCode).toBe(200);
  });

  it('opens no staff account: a staff link token is refused like an unknown one, and none is issued', async () => {
    const adminCookie = await signIn(t.app, admin.login, admin.password);
    for (const profile of ['Administrateur', 'Gestionnaire', 'Administrateur établissement'] as const) {
      const staff = await buildUser(t.db, t.env.encryptionKey, { profile, uai: profile === 'Administrateur' ? null : uai });
      const byLink = await t.app.inject({ ...requestOf(auth.loginWithToken), payload: { id: staff.linkToken } });
      expect({ profile, status: byLink.statusCode, code: byLink.json().code }).toEqual({
        profile,
        status: 401,
        code: 'invalid_credentials',
      });
      expect(byLink.cookies.find((candidate) => candidate.name === 'sid')).toBeUndefined();
      const issued = await injectAs(t.app, adminCookie, requestOf(auth.regenerateLinkToken, { userId: staff.id }));
      expect({ profile, status: issued.statusCode }).toEqual({ profile, status: 403 });
      expect(issued.body).not.toContain(staff.linkToken);
      const [row] = await t.db.select({ linkToken: users.linkToken }).from(users).where(eq(users.id, staff.id));
      expect(row?.linkToken).toBe(staff.linkToken);
    }
  });

  it('lets a school administrator renew a link in their school only (404 elsewhere)', async () => {
    const otherSchool = (await buildSchool(t.db)).uai;
    const outsider = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: otherSchool });
    const cookie = await signIn(t.app, direction.login, direction.password);
    expect((await injectAs(t.app, cookie, requestOf(auth.regenerateLinkToken, { userId: pupil.id }))).statusCode).toBe(200);
    expect((await injectAs(t.app, cookie, requestOf(auth.regenerateLinkToken, { userId: outsider.id }))).statusCode).toBe(404);
    const pupilCookie = await signIn(t.app, outsider.login, outsider.password);
    expect((await injectAs(t.app, pupilCookie, requestOf(auth.regenerateLinkToken, { userId: outsider.id }))).statusCode).toBe(
      403,
    );
  });
});

describe('PUT /auth/password', () => {
  it('applies the rules, refuses a wrong current password, and changes it', async () => {
    const manager = await buildUser(t.db, t.env.encryptionKey, { profile: 'Gestionnaire', password: 'Gestion#2026' });
    const cookie = await signIn(t.app, manager.login, manager.password);
    const change = (body: object) => injectAs(t.app, cookie, { ...requestOf(auth.changePassword), payload: body });

    const weak = await change({ currentPassword: manager.password, newPassword: 'short1A', confirmation: 'short1A' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details.fieldErrors).toEqual({ newPassword: ['password_rules'] });
    const mismatch = await change({
      currentPassword: manager.password,
      newPassword: 'Nouveau#2027',
      confirmation: 'Nouveau#2028',
    });
    expect(mismatch.json().details.fieldErrors).toEqual({ confirmation: ['not_matching'] });
    const noCurrent = await change({ currentPassword: '', newPassword: 'Nouveau#2027', confirmation: 'Nouveau#2027' });
    expect(noCurrent.json().details.fieldErrors).toEqual({ currentPassword: ['global.errors.required'] });
    const wrong = await change({ currentPassword: 'not-it', newPassword: 'Nouveau#2027', confirmation: 'Nouveau#2027' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_current_password');

    const otherSession = await signIn(t.app, manager.login, manager.password);
    const ok = await change({ currentPassword: manager.password, newPassword: 'Nouveau#2027', confirmation: 'Nouveau#2027' });
    expect(ok.statusCode).toBe(200);
    expect((await login(manager.login, manager.password)).statusCode).toBe(401);
    expect((await login(manager.login, 'Nouveau#2027')).statusCode).toBe(200);
    expect((await injectAs(t.app, otherSession, requestOf(auth.me))).statusCode).toBe(401);
    expect((await injectAs(t.app, cookie, requestOf(auth.me))).statusCode).toBe(200);

    const [row] = await t.db.select().from(users).where(eq(users.id, manager.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(manager.id)));
    expect(JSON.stringify(entries)).not.toContain('Nouveau#2027');
    expect(entries.some((entry) => entry.action === 'update')).toBe(true);
  });

  it('refuses Eleve and Enseignant with not_allowed_to_update_password', async () => {
    const cookie = await signIn(t.app, pupil.login, 'bino3579');
    const response = await injectAs(t.app, cookie, {
      ...requestOf(auth.changePassword),
      payload: { currentPassword: 'bino3579', newPassword: 'Nouveau#2027', confirmation: 'Nouveau#2027' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('not_allowed_to_update_password');
  });
});

describe('purging expired sessions', () => {
  it('deletes expired sessions and old throttle windows, and keeps live ones', async () => {
    const user = await buildUser(t.db, t.env.encryptionKey, { profile: 'Gestionnaire' });
    const live = await signIn(t.app, user.login, user.password);
    await signIn(t.app, user.login, user.password);
    const [first] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id)).limit(1);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, first!.id));
    await t.db.insert(loginThrottle).values([
      { key: 'address:old', failures: 3, windowStartedAt: new Date(Date.now() - 2 * 3_600_000) },
      { key: 'address:recent', failures: 3 },
    ]);
    await purgeExpiredSessions(t.db);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((session) => session.id)).not.toContain(first!.id);
    expect(left).toHaveLength(1);
    expect((await t.db.select().from(loginThrottle)).map((row) => row.key)).not.toContain('address:old');
    expect((await t.db.select().from(loginThrottle)).map((row) => row.key)).toContain('address:recent');
    expect(live).toMatch(/^sid=/);
  });
});
