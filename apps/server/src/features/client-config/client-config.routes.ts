import { clientConfig, PRODUCT_VERSION } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { mapTilesOf } from '#platform/config/env.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';

export function registerClientConfigRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, clientConfig.getClientConfig, async () => ({
    version: PRODUCT_VERSION,
    helpUrls: { Gestionnaire: deps.env.HELP_URL_MANAGER, 'Administrateur établissement': deps.env.HELP_URL_SCHOOL_ADMIN },
    termsUrl: deps.env.TERMS_URL,
    accessibilityUrl: deps.env.ACCESSIBILITY_URL,
    mapTiles: mapTilesOf(deps.env),
  }));
}
