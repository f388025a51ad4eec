import { users } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { createUser } from './create/user-create.service.js';
import { generatePasswords, getUsersPlatforms } from './bulk/user-platforms.service.js';
import { deleteUsers, listBin, restoreUsers } from './status/users-bin.service.js';
import { bulkUpdateUsers } from './bulk/users-bulk.service.js';
import { setUsersDisabled } from './status/users-status.service.js';
import { undoBulkUpdate } from './bulk/users-undo.service.js';

/** Adding, enabling, disabling, deleting, restoring users, and bulk changes. */
export function registerUserActionsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, users.createUser, ({ ctx, body }) => createUser(ctx, body));
  registerRoute(app, deps, users.generatePasswords, async ({ params, query }) => generatePasswords(params.n, query.platformId));
  registerRoute(app, deps, users.setUsersDisabled, ({ ctx, body }) => setUsersDisabled(ctx, body));
  registerRoute(app, deps, users.deleteUsers, ({ ctx, body }) => deleteUsers(ctx, body));
  registerRoute(app, deps, users.listBin, ({ ctx, query }) => listBin(ctx, query.uai));
  registerRoute(app, deps, users.restoreUsers, ({ ctx, body }) => restoreUsers(ctx, body.ids));
  registerRoute(app, deps, users.bulkUpdateUsers, ({ ctx, body }) => bulkUpdateUsers(ctx, body));
  registerRoute(app, deps, users.undoBulkUpdate, ({ ctx, body }) => undoBulkUpdate(ctx, body.token));
  registerRoute(app, deps, users.getUsersPlatforms, ({ ctx, body }) => getUsersPlatforms(ctx, body.userIds), {
    serialize: 'json',
  });
}
