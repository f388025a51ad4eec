import { apps } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createPublisherVerifier, type TokenVerifier } from '#adapters/publishers/index.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import { createSignOnUrl } from './single-sign-on.service.js';
import { getTokenReport } from './token-report.service.js';
import { syncPublisherTokens } from './token-sync.service.js';

export function registerAppsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const verifiers: Partial<Record<apps.Publisher, TokenVerifier>> = Object.fromEntries(
    apps.PUBLISHERS.map((publisher) => [publisher, createPublisherVerifier(deps.env, publisher)]),
  );

  registerRoute(app, deps, apps.syncTokens, async ({ ctx, params }) =>
    syncPublisherTokens({ ...ctx, verifiers }, { publisher: params.publisher, target: params.target }),
  );

  registerRoute(app, deps, apps.tokenReport, async ({ ctx, query }) => getTokenReport(ctx, { uai: query.uai }), {
    serialize: 'json',
  });

  registerRoute(app, deps, apps.supportSignOn, async ({ ctx }) => ({ url: createSignOnUrl(ctx, 'support') }));

  registerRoute(app, deps, apps.catalogueSignOn, async ({ ctx }) => ({
    url: createSignOnUrl(ctx, 'catalogue'),
  }));
}
