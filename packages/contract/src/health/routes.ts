import { z } from 'zod';
import { defineRoute } from '../http.js';

/** For load balancers and orchestrators (docs/deploy.md): no session, nothing about users. */
export const getHealth = defineRoute({
  method: 'GET',
  path: '/health',
  right: 'public',
  summary: 'Liveness: the process answers (it reads nothing, so a database outage does not fail it).',
  answer: z.object({ status: z.literal('ok') }),
});

export const readinessSchema = z.object({
  /**
   * ready: everything answers; degraded: serving, with realtime limited to this instance (Redis
   * away); unavailable (answered 503): the database cannot be reached.
   */
  status: z.enum(['ready', 'degraded', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** local: no REDIS_URL; connected: events reach every instance; unreachable: this instance's browsers only. */
  realtime: z.enum(['local', 'connected', 'unreachable']),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const getReady = defineRoute({
  method: 'GET',
  path: '/ready',
  right: 'public',
  summary: 'Readiness: 200 while the database answers (status ready or degraded), 503 while it does not.',
  answer: readinessSchema,
});
