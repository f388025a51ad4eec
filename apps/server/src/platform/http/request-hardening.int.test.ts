import { auth, users as userRoutes } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { PUBLIC_BODY_LIMIT_BYTES } from './register-route.js';
import { buildSchool, buildUser, type BuiltUser } from '#test/factories.js';

const PUBLIC_URL = 'https://console.example.fr';

let t: TestContext;
let admin: BuiltUser;
let pupil: BuiltUser;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL });
  const { uai } = await buildSchool(t.db);
  admin = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur' });
  pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai });
  adminCookie = await signIn(t.app, admin.login, admin.password);
});
afterAll(() => t.close());

async function lockPupil(): Promise<void> {
  await t.db.update(users).set({ locked: true, failedLogins: 5 }).where(eq(users.id, pupil.id));
}

async function isPupilLocked(): Promise<boolean> {
  const [row] = await t.db.select({ locked: users.locked }).from(users).where(eq(users.id, pupil.id));
  return row!.locked;
}

const unlock = (headers: Record<string, string>) =>
  injectAs(t.app, adminCookie, { ...requestOf(auth.unlockAccount, { userId: pupil.id }), headers });

describe('state-changing requests from a page of another site', () => {
  it.each([
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['Sec-Fetch-Site same-site (a sibling host)', { 'sec-fetch-site': 'same-site', origin: 'https://blog.example.fr' }],
    ['another Origin from a browser without Fetch Metadata', { origin: 'https://evil.example' }],
    ['an opaque Origin (sandboxed frame)', { origin: 'null' }],
  ])('refuses a bodiless unlock with %s: 403 cross_site_request and the account stays locked', async (_name, headers) => {
    await lockPupil();
    const response = await unlock(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('cross_site_request');
    expect(await isPupilLocked()).toBe(true);
  });

  it('refuses a cross-site logout (the session stays) and a cross-site sign-in (no session is opened)', async () => {
    const cookie = await signIn(t.app, admin.login, admin.password);
    const logout = await injectAs(t.app, cookie, { ...requestOf(auth.logout), headers: { 'sec-fetch-site': 'cross-site' } });
    expect(logout.statusCode).toBe(403);
    expect((await injectAs(t.app, cookie, requestOf(auth.me))).statusCode).toBe(200);

    const login = await t.app.inject({
      ...requestOf(auth.login),
      payload: { login: admin.login, password: admin.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.cookies.find((candidate) => candidate.name === 'sid')).toBeUndefined();
  });

  it.each([
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' }],
    ['the Origin of the host reached', { origin: 'http://localhost:80' }],
    ['the Origin of PUBLIC_URL behind a proxy that rewrites Host', { origin: PUBLIC_URL }],
    ['no Origin and no Fetch Metadata (a script, not a page)', {}],
    ['a navigation the user started (Sec-Fetch-Site none)', { 'sec-fetch-site': 'none' }],
  ])('accepts a change with %s', async (_name, headers) => {
    await lockPupil();
    const response = await unlock(headers);
    expect(response.statusCode).toBe(200);
    expect(await isPupilLocked()).toBe(false);
  });

  it('lets a page of another site read nothing more than before: reads are not refused here', async () => {
    const response = await injectAs(t.app, adminCookie, { ...requestOf(auth.me), headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('answers that no cache may keep', () => {
  const requests: [string, InjectOptions | (() => InjectOptions)][] = [
    ["a user page with the pupil's sign-in QR code", () => requestOf(userRoutes.getUser, { id: pupil.id })],
    ['a renewed sign-in link', () => requestOf(auth.regenerateLinkToken, { userId: pupil.id })],
    ['clear printable passwords', () => ({ ...requestOf(userRoutes.decryptPasswords), payload: { passwords: [pupil.id] } })],
    ['generated passwords', requestOf(userRoutes.generatePasswords, { n: 3 })],
    ['the session user', requestOf(auth.me)],
    ['an error answer', requestOf(userRoutes.getUser, { id: 999999 })],
  ];

  it.each(requests)('sends Cache-Control: no-store with %s', async (_name, request) => {
    const response = await injectAs(t.app, adminCookie, typeof request === 'function' ? request() : request);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends it with a sign-in by link, which answers the link token', async () => {
    const [{ linkToken }] = (await t.db.select({ linkToken: users.linkToken }).from(users).where(eq(users.id, pupil.id))) as [
      { linkToken: string },
    ];
    const response = await t.app.inject({ ...requestOf(auth.loginWithToken), payload: { id: linkToken } });
    expect(response.statusCode).toBe(200);
    expect(response.json().informations.qrCode).toBe(linkToken);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('the size of a body anyone may send', () => {
  it("refuses a sign-in body past 16 KiB before reading it (413), and takes a signed-in caller's larger body", async () => {
    const big = await t.app.inject({ ...requestOf(auth.login), payload: { login: admin.login, password: 'x'.repeat(20_000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    const nested = await t.app.inject({
      ...requestOf(auth.loginWithToken),
      payload: { id: 'y'.repeat(PUBLIC_BODY_LIMIT_BYTES) },
    });
    expect(nested.statusCode).toBe(413);
    // Under the limit, the sign-in is read as before.
    expect(
      (await t.app.inject({ ...requestOf(auth.login), payload: { login: admin.login, password: admin.password } })).statusCode,
    ).toBe(200);
    // A signed-in caller's body is read up to the server's limit: this one reaches the route's own check (400), not 413.
    const change = await injectAs(t.app, adminCookie, {
      ...requestOf(auth.changePassword),
      payload: { currentPassword: 'x'.repeat(20_000), newPassword: 'y', confirmation: 'y' },
    });
    expect(change.statusCode).toBe(400);
  });
});
