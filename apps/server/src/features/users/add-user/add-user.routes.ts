import { users } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { createUser, generatePasswords } from './add-user.service.js';

/** Adding a user, and the passwords its panel's Generate button proposes. */
export function registerAddUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, users.createUser, ({ ctx, body }) => createUser(ctx, body));
  registerRoute(app, deps, users.generatePasswords, async ({ params, query }) => generatePasswords(params.n, query.platformId));
}
