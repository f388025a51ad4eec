import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerAddUserRoutes } from './add-user/add-user.routes.js';
import { registerBulkRoutes } from './bulk/bulk.routes.js';
import { registerGridRoutes } from './grid/grid.routes.js';
import { registerUserMessagingRoutes } from './messaging/user-messaging.routes.js';
import { registerUserSearchRoutes } from './search/search.routes.js';
import { registerStatusRoutes } from './status/status.routes.js';
import { registerUserPageRoutes } from './user-page/user-page.routes.js';

/**
 * The users feature's one entry: each use case registers its own routes from its folder, under
 * the same names as the web's `features/users/`.
 */
export function registerUsersRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerUserSearchRoutes(app, deps);
  registerGridRoutes(app, deps);
  registerUserPageRoutes(app, deps);
  registerAddUserRoutes(app, deps);
  registerStatusRoutes(app, deps);
  registerBulkRoutes(app, deps);
  registerUserMessagingRoutes(app, deps);
}
