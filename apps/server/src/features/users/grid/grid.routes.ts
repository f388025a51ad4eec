import { users } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { getColumnDefinitions, listProfileChoices, revealPasswords } from './users-grid.service.js';

/** The grid: its column definitions, the profiles of its profile column, the passwords it reveals. */
export function registerGridRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, users.getColumnDefinitions, ({ ctx, query }) => getColumnDefinitions(ctx, query.uai));
  registerRoute(app, deps, users.listProfiles, async ({ ctx }) => listProfileChoices(ctx));
  // Thousands of passwords at once: serialised without the compiled schema (see RouteOptions).
  registerRoute(app, deps, users.decryptPasswords, ({ ctx, body }) => revealPasswords(ctx, body.passwords), {
    serialize: 'json',
  });
}
