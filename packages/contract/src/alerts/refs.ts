import type { RouteRef } from '../http.js';
import type { listAlerts } from './routes.js';

/** GET /alerts as a zod-free ref, for the first screen (see RouteRef). */
export const alertsRef = { method: 'GET', path: '/alerts' } as RouteRef<typeof listAlerts>;
