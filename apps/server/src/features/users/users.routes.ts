import { users } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { updateUserPage } from './user-page/user-edit.service.js';
import { getUserPage } from './user-page/user-page.service.js';
import { patchUser } from './user-page/user-patch.service.js';
import { getColumnDefinitions, listProfileChoices, revealPasswords } from './grid/users-grid.service.js';

/** The grid and the user page: column definitions, profiles, one user, edits, passwords. */
export function registerUsersRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, users.getColumnDefinitions, ({ ctx, query }) => getColumnDefinitions(ctx, query.uai));
  registerRoute(app, deps, users.listProfiles, async ({ ctx }) => listProfileChoices(ctx));
  // Thousands of passwords at once: serialised without the compiled schema (see RouteOptions).
  registerRoute(app, deps, users.decryptPasswords, ({ ctx, body }) => revealPasswords(ctx, body.passwords), {
    serialize: 'json',
  });
  registerRoute(app, deps, users.getUser, ({ ctx, params }) => getUserPage(ctx, params.id));
  registerRoute(app, deps, users.updateUser, ({ ctx, params, body }) => updateUserPage(ctx, params.id, body));
  registerRoute(app, deps, users.patchUser, ({ ctx, params, body }) => patchUser(ctx, params.id, body));
}
