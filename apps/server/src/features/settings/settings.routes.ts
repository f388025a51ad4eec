import { settings } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { getApplicationSettings, saveApplicationSetting } from './applications.service.js';
import { getLinkSettings, updateLinkSettings } from './link-settings.service.js';
import { getPlatformSettings, savePlatformSetting } from './platforms.service.js';
import { getRegexSettings, updateRegexSettings } from './regex-settings.service.js';
import {
  createPurgeTask,
  deletePurgeTask,
  listPurgeTasks,
  previewPurge,
  updatePurgeTaskById,
} from './token-purges/token-purges.service.js';

/** The general settings (spec 2 §2.1): staff's, behind the Config right. */
export function registerSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, settings.getLinkSettings, async ({ ctx }) => getLinkSettings(ctx));
  registerRoute(app, deps, settings.updateLinkSettings, async ({ ctx, body }) => updateLinkSettings(ctx, body));
  registerRoute(app, deps, settings.getRegexSettings, async ({ ctx }) => getRegexSettings(ctx));
  registerRoute(app, deps, settings.updateRegexSettings, async ({ ctx, body }) => updateRegexSettings(ctx, body));
  registerRoute(app, deps, settings.getPlatformSettings, async ({ ctx }) => getPlatformSettings(ctx));
  registerRoute(app, deps, settings.updatePlatformSettings, async ({ ctx, body }) => savePlatformSetting(ctx, body));
  registerRoute(app, deps, settings.getApplicationSettings, async ({ ctx }) => getApplicationSettings(ctx));
  registerRoute(app, deps, settings.updateApplicationSettings, async ({ ctx, body }) => saveApplicationSetting(ctx, body));
  registerRoute(app, deps, settings.listPurgeTasks, async ({ ctx }) => listPurgeTasks(ctx));
  registerRoute(app, deps, settings.previewPurge, async ({ ctx, query }) => previewPurge(ctx, query));
  registerRoute(app, deps, settings.createPurgeTask, async ({ ctx, body }) => createPurgeTask(ctx, body));
  registerRoute(app, deps, settings.updatePurgeTask, async ({ ctx, params, body }) =>
    updatePurgeTaskById(ctx, params.eventId, body),
  );
  registerRoute(app, deps, settings.deletePurgeTask, async ({ ctx, params }) => deletePurgeTask(ctx, params.eventId));
}
