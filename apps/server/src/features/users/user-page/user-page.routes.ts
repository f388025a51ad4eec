import { users } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { updateUserPage } from './user-edit.service.js';
import { getUserPage } from './user-page.service.js';
import { patchUser } from './user-patch.service.js';

/** One user's page, its form (PUT) and the grid's and page's partial edits (PATCH). */
export function registerUserPageRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, users.getUser, ({ ctx, params }) => getUserPage(ctx, params.id));
  registerRoute(app, deps, users.updateUser, ({ ctx, params, body }) => updateUserPage(ctx, params.id, body));
  registerRoute(app, deps, users.patchUser, ({ ctx, params, body }) => patchUser(ctx, params.id, body));
}
