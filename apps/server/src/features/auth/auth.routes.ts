import { auth } from '@console/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { deleteSessionByToken, SESSION_COOKIE } from '../../platform/auth/sessions.js';
import type { AppDeps } from '../../platform/context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { changeOwnPassword, getSessionUser, regenerateLinkToken, signIn, signInWithLink, unlockAccount } from './auth.service.js';

function setSessionCookie(deps: AppDeps, reply: FastifyReply, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.env.COOKIE_SECURE,
    path: '/',
    maxAge: deps.env.SESSION_TTL_HOURS * 3600,
  });
}

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, auth.login, async ({ body, raw, reply }) => {
    const { user, sessionToken } = await signIn(deps, { login: body.login, password: body.password, address: raw.ip });
    setSessionCookie(deps, reply, sessionToken);
    return user;
  });

  registerRoute(app, deps, auth.loginWithToken, async ({ body, raw, reply }) => {
    const { user, sessionToken } = await signInWithLink(deps, { token: body.id, address: raw.ip });
    setSessionCookie(deps, reply, sessionToken);
    return user;
  });

  registerRoute(app, deps, auth.logout, async ({ raw, reply }) => {
    const token = raw.cookies[SESSION_COOKIE];
    if (token) await deleteSessionByToken(deps.db, token);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  registerRoute(app, deps, auth.me, async ({ actor }) => getSessionUser({ ...deps, actor }), { serialize: 'json' });

  registerRoute(app, deps, auth.changePassword, async ({ actor, body }) => {
    await changeOwnPassword({ ...deps, actor }, body);
    return { ok: true as const };
  });

  registerRoute(app, deps, auth.unlockAccount, async ({ actor, params }) => {
    await unlockAccount({ ...deps, actor }, params.userId);
    return { ok: true as const };
  });

  registerRoute(app, deps, auth.regenerateLinkToken, async ({ actor, params }) => ({
    linkToken: await regenerateLinkToken({ ...deps, actor }, params.userId),
  }));
}
