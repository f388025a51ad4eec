import { imports } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { listImportHistory } from './history.js';
import { rollBackImport } from './rollback-import.js';

/** The import history and the rollback of an applied import (issue 15). */
export function registerImportHistoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, imports.listImports, async ({ ctx, query }) => listImportHistory(ctx, query.uai));
  registerRoute(app, deps, imports.rollBackImport, async ({ ctx, params }) => rollBackImport(ctx, params.importNumber));
}
