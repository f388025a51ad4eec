import { sheets as contract } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { listUserPrints } from './print-log.js';
import { sheetsProgress } from './sheets-progress.js';
import { generateSheets } from './sheets.service.js';

/** The PDF menu's sheets, drawn while they are sent, how far they are, the PDF service's ping, and a user's print log. */
export function registerSheetsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, contract.generateSheets, async ({ ctx, params, body }) => generateSheets(ctx, params.type, body));
  registerRoute(app, deps, contract.getSheetsProgress, async ({ ctx, query }) => sheetsProgress.of(ctx.actor.id, query.uai));
  registerRoute(app, deps, contract.pingSheets, async ({ params }) => ({
    id: params.type,
    status: 'ok' as const,
    types: [...contract.SHEET_TYPES],
  }));
  registerRoute(app, deps, contract.listUserPrints, async ({ ctx, params }) => listUserPrints(ctx, params.id));
}
