import type { RouteRef } from '../http.js';
import type * as routes from './routes.js';

export { LOGIN_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './limits.js';

/** The auth routes as zod-free refs, for the sign-in screen (see RouteRef). */
export const authRefs = {
  login: { method: 'POST', path: '/auth/login' },
  loginWithToken: { method: 'POST', path: '/auth/login/token' },
  logout: { method: 'POST', path: '/auth/logout' },
  me: { method: 'GET', path: '/auth/me' },
  changePassword: { method: 'PUT', path: '/auth/password' },
  setLanguage: { method: 'PUT', path: '/auth/language' },
} as const satisfies Record<string, RouteRef> as {
  login: RouteRef<typeof routes.login>;
  loginWithToken: RouteRef<typeof routes.loginWithToken>;
  logout: RouteRef<typeof routes.logout>;
  me: RouteRef<typeof routes.me>;
  changePassword: RouteRef<typeof routes.changePassword>;
  setLanguage: RouteRef<typeof routes.setLanguage>;
};
