import { alerts } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createSupportAlertSource } from '#adapters/alerts/support-alerts.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';

export function registerAlertsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const source = createSupportAlertSource(deps.env.ALERTS_URL, deps.env.ALERTS_TIMEOUT_MS);
  registerRoute(app, deps, alerts.listAlerts, () => source.fetchAlerts());
}
