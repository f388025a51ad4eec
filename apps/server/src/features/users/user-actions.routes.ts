import { users } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { createUser } from './user-create.service.js';
import { generatePasswords, getUsersPlatforms } from './user-platforms.service.js';
import { deleteUsers, listBin, restoreUsers } from './users-bin.service.js';
import { bulkUpdateUsers } from './users-bulk.service.js';
import { setUsersDisabled } from './users-status.service.js';
import { undoBulkUpdate } from './users-undo.service.js';

/** Adding, enabling, disabling, deleting, restoring users, and bulk changes. */
export function registerUserActionsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, users.createUser, ({ actor, body }) => createUser({ ...deps, actor }, body));
  registerRoute(app, deps, users.generatePasswords, async ({ params, query }) => generatePasswords(params.n, query.platformId));
  registerRoute(app, deps, users.setUsersDisabled, ({ actor, body }) => setUsersDisabled({ ...deps, actor }, body));
  registerRoute(app, deps, users.deleteUsers, ({ actor, body }) => deleteUsers({ ...deps, actor }, body));
  registerRoute(app, deps, users.listBin, ({ actor, query }) => listBin({ ...deps, actor }, query.uai));
  registerRoute(app, deps, users.restoreUsers, ({ actor, body }) => restoreUsers({ ...deps, actor }, body.ids));
  registerRoute(app, deps, users.bulkUpdateUsers, ({ actor, body }) => bulkUpdateUsers({ ...deps, actor }, body));
  registerRoute(app, deps, users.undoBulkUpdate, ({ actor, body }) => undoBulkUpdate({ ...deps, actor }, body.token));
  registerRoute(app, deps, users.getUsersPlatforms, ({ actor, body }) => getUsersPlatforms({ ...deps, actor }, body.userIds), {
    serialize: 'json',
  });
}
