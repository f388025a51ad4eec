import { users } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { deleteUsers, listBin, restoreUsers } from './users-bin.service.js';
import { setUsersDisabled } from './users-status.service.js';

/** Enabling and disabling users; the bin: deleting, listing, restoring. */
export function registerStatusRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, users.setUsersDisabled, ({ ctx, body }) => setUsersDisabled(ctx, body));
  registerRoute(app, deps, users.deleteUsers, ({ ctx, body }) => deleteUsers(ctx, body));
  registerRoute(app, deps, users.listBin, ({ ctx, query }) => listBin(ctx, query.uai));
  registerRoute(app, deps, users.restoreUsers, ({ ctx, body }) => restoreUsers(ctx, body.ids));
}
