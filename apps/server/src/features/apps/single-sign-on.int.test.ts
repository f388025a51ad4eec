import { apps } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyToken } from '#adapters/sso/signed-token.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildSchool, buildUser, type BuiltUser } from '#test/factories.js';

const SECRET = 'sso-secret-for-tests-0123456789abcdef';
const SITES = [
  ['support', requestOf(apps.supportSignOn), 'https://support.example.fr/sso?lang=fr'],
  ['catalogue', requestOf(apps.catalogueSignOn), 'https://catalogue.example.fr/connexion'],
] as const;

let t: TestContext;
let uai: string;
let manager: BuiltUser;
let managerCookie: string;

beforeAll(async () => {
  t = await createTestContext({
    SUPPORT_SSO_URL: SITES[0][2],
    CATALOGUE_SSO_URL: SITES[1][2],
    SSO_SECRET: SECRET,
    SSO_TTL_SECONDS: '90',
  });
  uai = (await buildSchool(t.db)).uai;
  manager = await buildUser(t.db, t.env.encryptionKey, {
    profile: 'Gestionnaire',
    email: 'anne.martin@example.fr',
    firstname: 'Anne',
    lastname: 'Martin',
    uai,
  });
  managerCookie = await signIn(t.app, manager.login, manager.password);
});
afterAll(() => t.close());

describe.each(SITES)('GET the %s single-sign-on address', (site, request, siteUrl) => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject(request)).statusCode).toBe(401);
  });

  it('answers 403 to a profile without the button', async () => {
    const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai, email: 'eleve@example.fr' });
    const response = await injectAs(t.app, await signIn(t.app, pupil.login, pupil.password), request);
    expect(response.statusCode).toBe(403);
  });

  it('answers 400 email_required to a user without e-mail', async () => {
    const direction = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai, email: null });
    const response = await injectAs(t.app, await signIn(t.app, direction.login, direction.password), request);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', details: { reason: 'email_required' } });
  });

  it("answers the site's address with a signed token of the caller, valid for the configured lifetime", async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await injectAs(t.app, managerCookie, request);
    expect(response.statusCode).toBe(200);
    const url = new URL(apps.singleSignOnAnswerSchema.parse(response.json()).url);
    const configured = new URL(siteUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${configured.origin}${configured.pathname}`);
    for (const [name, value] of configured.searchParams) expect(url.searchParams.get(name)).toBe(value);
    const token = url.searchParams.get('token')!;
    const check = verifyToken(token, SECRET);
    expect(check).toEqual({
      valid: true,
      claims: {
        sub: String(manager.id),
        email: 'anne.martin@example.fr',
        name: 'Anne Martin',
        profile: 'Gestionnaire',
        uai,
        aud: site,
        iat: expect.any(Number),
        exp: expect.any(Number),
        jti: expect.any(String),
      },
    });
    if (!check.valid) throw new Error(check.reason);
    const claims = check.claims as { iat: number; exp: number };
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp - claims.iat).toBe(90);
    expect(verifyToken(token, SECRET, { nowSeconds: claims.exp })).toEqual({ valid: false, reason: 'expired' });
    expect(verifyToken(token, 'another-secret-0123456789abcdefghijkl').valid).toBe(false);
  });
});

describe('single sign-on without configuration', () => {
  it('answers 503 service_unavailable', async () => {
    const bare = await createTestContext({ SUPPORT_SSO_URL: 'https://support.example.fr/sso' });
    try {
      const user = await buildUser(bare.db, bare.env.encryptionKey, { profile: 'Administrateur', email: 'admin@example.fr' });
      const cookie = await signIn(bare.app, user.login, user.password);
      for (const request of [requestOf(apps.supportSignOn), requestOf(apps.catalogueSignOn)]) {
        const response = await injectAs(bare.app, cookie, request);
        expect({ url: request.url, status: response.statusCode, body: response.json() }).toMatchObject({
          url: request.url,
          status: 503,
          body: { code: 'service_unavailable', details: { reason: 'sso_not_configured' } },
        });
      }
    } finally {
      await bare.close();
    }
  });
});
