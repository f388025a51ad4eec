import type { RouteRef } from '../http.js';
import type { getClientConfig } from './routes.js';

/** GET /config as a zod-free ref, for the sign-in screen (see RouteRef). */
export const clientConfigRef = { method: 'GET', path: '/config' } as RouteRef<typeof getClientConfig>;
