import { schoolSettings } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createFileStorage } from '#adapters/storage/index.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { registerAsmRoutes } from './asm/asm.routes.js';
import { getSchoolContact, replaceSchoolLogo, updateSchoolContact, type SchoolLogoDeps } from './contact.service.js';
import {
  getDeploymentOptions,
  getEcoleDirecteStatus,
  getSchoolParams,
  revealSchoolSecret,
  saveEcoleDirecteToken,
  updateSchoolParams,
} from './school-settings.service.js';

export function registerSchoolSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, schoolSettings.getDeploymentOptions, ({ ctx }) => getDeploymentOptions(ctx));
  registerRoute(app, deps, schoolSettings.getSchoolParams, ({ ctx, params }) => getSchoolParams(ctx, params.uai));
  registerRoute(app, deps, schoolSettings.updateSchoolParams, ({ ctx, params, body }) =>
    updateSchoolParams(ctx, params.uai, body),
  );
  registerRoute(app, deps, schoolSettings.revealSchoolSecret, ({ ctx, params, body }) =>
    revealSchoolSecret(ctx, params.uai, body.name),
  );
  registerRoute(app, deps, schoolSettings.getSchoolContact, ({ ctx, params }) => getSchoolContact(ctx, params.uai));
  registerRoute(app, deps, schoolSettings.updateSchoolContact, ({ ctx, params, body }) =>
    updateSchoolContact(ctx, params.uai, body),
  );
  // The logo is checked in the store its upload went to (features/files makes the tickets).
  const logoDeps: AppDeps & SchoolLogoDeps = { ...deps, storage: createFileStorage(deps.env) };
  registerRoute(app, logoDeps, schoolSettings.replaceSchoolLogo, ({ ctx, params, body }) =>
    replaceSchoolLogo(ctx, params.uai, body.fileUrl),
  );
  registerRoute(app, deps, schoolSettings.getEcoleDirecteStatus, ({ ctx, params }) => getEcoleDirecteStatus(ctx, params.uai));
  registerRoute(app, deps, schoolSettings.saveEcoleDirecteToken, ({ ctx, params, body }) =>
    saveEcoleDirecteToken(ctx, params.uai, body.token),
  );
  registerAsmRoutes(app, deps);
}
