import { schoolSettings } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { getDeploymentOptions, getSchoolParams, revealSchoolSecret, updateSchoolParams } from './school-settings.service.js';

export function registerSchoolSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, schoolSettings.getDeploymentOptions, ({ ctx }) => getDeploymentOptions(ctx));
  registerRoute(app, deps, schoolSettings.getSchoolParams, ({ ctx, params }) => getSchoolParams(ctx, params.uai));
  registerRoute(app, deps, schoolSettings.updateSchoolParams, ({ ctx, params, body }) =>
    updateSchoolParams(ctx, params.uai, body),
  );
  registerRoute(app, deps, schoolSettings.revealSchoolSecret, ({ ctx, params, body }) =>
    revealSchoolSecret(ctx, params.uai, body.name),
  );
}
