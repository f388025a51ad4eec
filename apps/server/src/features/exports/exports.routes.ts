import { userExports as contract } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { exportArchive } from './rosters/roster-archives.service.js';
import { exportPlatform, exportTeaching, exportUserLinks, exportUsers, listUserLinks } from './exports.service.js';

/** The CSV menu's exports: files of the selected users, streamed as they are written. */
export function registerExportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, contract.exportUsers, async ({ ctx, body }) => exportUsers(ctx, body));
  registerRoute(app, deps, contract.exportPlatform, async ({ ctx, body }) => exportPlatform(ctx, body));
  registerRoute(app, deps, contract.exportTeaching, async ({ ctx, body }) => exportTeaching(ctx, body));
  registerRoute(app, deps, contract.getAppliUrlWeb, async ({ ctx, body }) => listUserLinks(ctx, body), { serialize: 'json' });
  registerRoute(app, deps, contract.getMajExport, async ({ ctx, body }) => exportUserLinks(ctx, body));
  registerRoute(app, deps, contract.exportAsm, async ({ ctx, body }) => exportArchive(ctx, body, 'asm'));
  registerRoute(app, deps, contract.exportOneRoster, async ({ ctx, body }) => exportArchive(ctx, body, 'oneroster'));
}
