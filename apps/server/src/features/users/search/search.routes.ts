import { users } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { searchUsers } from './search.service.js';

export function registerUserSearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, users.searchUsers, ({ ctx, query }) => searchUsers(ctx, query));
}
