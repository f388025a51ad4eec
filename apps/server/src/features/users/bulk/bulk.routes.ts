import { users } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { getUsersPlatforms } from './user-platforms.service.js';
import { bulkUpdateUsers } from './users-bulk.service.js';
import { undoBulkUpdate } from './users-undo.service.js';

/** Bulk changes and their undo, and the selected users' platform accesses the bulk forms show. */
export function registerBulkRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, users.bulkUpdateUsers, ({ ctx, body }) => bulkUpdateUsers(ctx, body));
  registerRoute(app, deps, users.undoBulkUpdate, ({ ctx, body }) => undoBulkUpdate(ctx, body.token));
  registerRoute(app, deps, users.getUsersPlatforms, ({ ctx, body }) => getUsersPlatforms(ctx, body.userIds), {
    serialize: 'json',
  });
}
