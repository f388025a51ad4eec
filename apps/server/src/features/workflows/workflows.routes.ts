import { workflows } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { createQuoteSource } from '#adapters/quotes/index.js';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
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

  registerRoute(app, workflowDeps, workflows.listWorkflows, ({ ctx }) => listWorkflowSummaries(ctx), { serialize: 'json' });
  registerRoute(app, workflowDeps, workflows.getSchoolWorkflow, ({ ctx, params }) => getSchoolWorkflow(ctx, params.uai));
  registerRoute(app, workflowDeps, workflows.updateSchoolWorkflow, async ({ ctx, params, body }) => ({
    status: 200 as const,
    data: await updateSchoolWorkflow(ctx, params.uai, body),
  }));
  registerRoute(app, workflowDeps, workflows.getQuoteStatus, ({ ctx, params }) => getQuoteStatus(ctx, params.uai));
  registerRoute(app, workflowDeps, workflows.setQuoteStatus, ({ ctx, params, body }) =>
    setQuoteStatus(ctx, params.uai, body.status),
  );

  registerWorkflowEvents(app.realtime, workflowDeps, app.log);
}
