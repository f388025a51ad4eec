import { API_PREFIX, health } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import type { DatabaseMonitor } from '#platform/db/availability.js';
import { DATABASE_RETRY_AFTER_SECONDS, sendDatabaseUnavailable } from '#platform/errors/error-handler.js';
import { registerRoute } from '#platform/http/register-route.js';

/** Every API path answered 503 at once while the database is down, except these two. */
const ALWAYS_ANSWERED = new Set([`${API_PREFIX}/health`, `${API_PREFIX}/ready`]);

/**
 * `GET /api/health` (the process lives) and `GET /api/ready` (it can serve: 503 while the
 * database does not answer; `degraded` while Redis is away, since the instance still serves).
 * While the monitor knows the database is down, every other API request is answered 503 at
 * once instead of waiting for a connection that cannot come.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps, database: DatabaseMonitor): void {
  app.addHook('onRequest', async (request, reply) => {
    if (database.state() === 'up' || !request.url.startsWith(`${API_PREFIX}/`)) return;
    if (ALWAYS_ANSWERED.has(request.url.split('?')[0]!)) return;
    return sendDatabaseUnavailable(reply);
  });

  registerRoute(app, deps, health.getHealth, async () => ({ status: 'ok' as const }), { withoutSession: true });

  registerRoute(
    app,
    deps,
    health.getReady,
    async ({ reply }) => {
      const databaseUp = await database.probe();
      const realtime = app.realtime.reach();
      if (!databaseUp) void reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return {
        status: !databaseUp ? ('unavailable' as const) : realtime === 'unreachable' ? ('degraded' as const) : ('ready' as const),
        database: databaseUp ? ('up' as const) : ('down' as const),
        realtime,
      };
    },
    { withoutSession: true },
  );
}
