import { schools } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/context.js';
import { registerRoute } from '../../platform/http/register-route.js';
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
  registerRoute(app, deps, schools.listSchools, ({ actor }) => listSchools({ ...deps, actor }));
  registerRoute(app, deps, schools.getReferenceData, ({ actor }) => getReferenceData({ ...deps, actor }));
  registerRoute(app, deps, schools.getStatistics, ({ actor, query }) => getStatistics({ ...deps, actor }, query.uai));
  registerRoute(app, deps, schools.listDeployments, ({ actor }) => getDeployments({ ...deps, actor }));
  registerRoute(app, deps, schools.getSchool, ({ actor, params }) => getSchool({ ...deps, actor }, params.uai));
  registerRoute(app, deps, schools.getSchoolUsers, ({ actor, params }) => getSchoolWithUsers({ ...deps, actor }, params.uai), {
    serialize: 'json',
  });
  registerRoute(app, deps, schools.getSchoolApplications, ({ actor, params }) => getSchoolApplications({ ...deps, actor }, params.uai));
  registerRoute(app, deps, schools.createSchool, ({ actor, body }) => createSchool({ ...deps, actor }, body));
  registerRoute(app, deps, schools.deleteSchool, async ({ actor, params }) => {
    await deleteSchool({ ...deps, actor }, params.uai);
    return { ok: true as const };
  });
}
