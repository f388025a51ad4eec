import { workflows } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createQuoteSource } from '../../adapters/quotes/index.js';
import type { AppDeps } from '../../platform/context.js';
import { registerRoute } from '../../platform/http/register-route.js';
import { registerWorkflowEvents } from './workflows.events.js';
import {
  getQuoteStatus,
  getSchoolWorkflow,
  listWorkflowSummaries,
  setQuoteStatus,
  updateSchoolWorkflow,
  type WorkflowDeps,
} from './workflows.service.js';

/** The workflow routes and their socket events (spec 1 §7), sharing one quote source. */
export function registerWorkflowsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const workflowDeps: AppDeps & WorkflowDeps = { ...deps, quotes: createQuoteSource(deps, app.log), realtime: app.realtime };
  const contextOf = (actor: Parameters<typeof getSchoolWorkflow>[0]['actor']) => ({ ...workflowDeps, actor });

  registerRoute(app, deps, workflows.listWorkflows, ({ actor }) => listWorkflowSummaries(contextOf(actor)), { serialize: 'json' });
  registerRoute(app, deps, workflows.getSchoolWorkflow, ({ actor, params }) => getSchoolWorkflow(contextOf(actor), params.uai));
  registerRoute(app, deps, workflows.updateSchoolWorkflow, async ({ actor, params, body }) => ({
    status: 200 as const,
    data: await updateSchoolWorkflow(contextOf(actor), params.uai, body),
  }));
  registerRoute(app, deps, workflows.getQuoteStatus, ({ actor, params }) => getQuoteStatus(contextOf(actor), params.uai));
  registerRoute(app, deps, workflows.setQuoteStatus, ({ actor, params, body }) => setQuoteStatus(contextOf(actor), params.uai, body.status));

  registerWorkflowEvents(app.realtime, workflowDeps, app.log);
}
