import { directory } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createSchoolDirectory, type SchoolDirectory } from '#adapters/directory/index.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { searchDirectorySchools } from './directory.service.js';

export function registerDirectoryRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  schoolDirectory: SchoolDirectory = createSchoolDirectory(deps.env),
): void {
  registerRoute(app, deps, directory.searchSchools, async ({ query }) => ({
    results: await searchDirectorySchools({ directory: schoolDirectory }, query.q),
  }));
}
