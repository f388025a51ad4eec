import { API_PREFIX, auth } from '@console/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deleteSessionByToken, SESSION_COOKIE } from '#platform/auth/sessions.js';
import { declaresHttps } from '#platform/config/env.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import {
  changeOwnPassword,
  getSessionUser,
  regenerateLinkToken,
  setOwnLanguage,
  signIn,
  signInWithLink,
  unlockAccount,
  type SignedIn,
  type SignInClient,
} from './auth.service.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './device-cookie.js';

/** Both sign-in routes (`/auth/login` and `/auth/login/token`) sit under this path. */
const DEVICE_COOKIE_PATH = API_PREFIX + auth.login.path;

/**
 * Whether the cookies are Secure: as COOKIE_SECURE says, else when the console is public over
 * HTTPS (PUBLIC_URL) or this sign-in came over HTTPS (Fastify reads a trusted proxy's
 * X-Forwarded-Proto), so that a deployment behind TLS never sends the session in clear by default.
 */
function secureCookies(env: AppDeps['env'], request: FastifyRequest): boolean {
  return declaresHttps(env) || (env.COOKIE_SECURE === undefined && request.protocol === 'https');
}

/** The session cookie, and the device cookie that the sign-in routes alone receive. */
function setSignInCookies(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): void {
  const secure = secureCookies(deps.env, request);
  void reply.setCookie(SESSION_COOKIE, signedIn.sessionToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: deps.env.SESSION_TTL_HOURS * 3600,
  });
  void reply.setCookie(DEVICE_COOKIE, signedIn.deviceCookie, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

function clientOf(request: FastifyRequest): SignInClient {
  return { address: request.ip, deviceCookie: request.cookies[DEVICE_COOKIE] };
}

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, auth.login, async ({ body, raw, reply }) => {
    const signedIn = await signIn(deps, { login: body.login, password: body.password, ...clientOf(raw) });
    setSignInCookies(deps, raw, reply, signedIn);
    return signedIn.user;
  });

  registerRoute(app, deps, auth.loginWithToken, async ({ body, raw, reply }) => {
    const signedIn = await signInWithLink(deps, { token: body.id, ...clientOf(raw) });
    setSignInCookies(deps, raw, reply, signedIn);
    return signedIn.user;
  });

  registerRoute(app, deps, auth.logout, async ({ raw, reply }) => {
    const token = raw.cookies[SESSION_COOKIE];
    if (token) await deleteSessionByToken(deps.db, token);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  registerRoute(app, deps, auth.me, async ({ ctx }) => getSessionUser(ctx), { serialize: 'json' });

  registerRoute(app, deps, auth.changePassword, async ({ ctx, body }) => {
    await changeOwnPassword(ctx, body);
    return { ok: true as const };
  });

  registerRoute(app, deps, auth.setLanguage, async ({ ctx, body }) => {
    await setOwnLanguage(ctx, body.language);
    return { ok: true as const };
  });

  registerRoute(app, deps, auth.unlockAccount, async ({ ctx, params }) => {
    await unlockAccount(ctx, params.userId);
    return { ok: true as const };
  });

  registerRoute(app, deps, auth.regenerateLinkToken, async ({ ctx, params }) => ({
    linkToken: await regenerateLinkToken(ctx, params.userId),
  }));
}
