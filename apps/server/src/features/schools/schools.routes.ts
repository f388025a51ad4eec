import { schools } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { registerRoute } from '#platform/http/register-route.js';
import {
  createSchool,
  deleteSchool,
  getDeployments,
  getReferenceData,
  getSchool,
  getSchoolApplications,
  getSchoolWithUsers,
  getStatistics,
  listSchools,
} from './schools.service.js';

export function registerSchoolsRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, schools.listSchools, ({ ctx }) => listSchools(ctx));
  registerRoute(app, deps, schools.getReferenceData, ({ ctx }) => getReferenceData(ctx));
  registerRoute(app, deps, schools.getStatistics, ({ ctx, query }) => getStatistics(ctx, query.uai));
  registerRoute(app, deps, schools.listDeployments, ({ ctx }) => getDeployments(ctx));
  registerRoute(app, deps, schools.getSchool, ({ ctx, params }) => getSchool(ctx, params.uai));
  registerRoute(app, deps, schools.getSchoolUsers, ({ ctx, params }) => getSchoolWithUsers(ctx, params.uai), {
    serialize: 'json',
  });
  registerRoute(app, deps, schools.getSchoolApplications, ({ ctx, params }) => getSchoolApplications(ctx, params.uai));
  registerRoute(app, deps, schools.createSchool, ({ ctx, body }) => createSchool(ctx, body));
  registerRoute(app, deps, schools.deleteSchool, async ({ ctx, params }) => {
    await deleteSchool(ctx, params.uai);
    return { ok: true as const };
  });
}
