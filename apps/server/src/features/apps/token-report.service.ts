import { apps } from '@console/contract';
import { oneSchoolScope, requireReachableSchool, schoolScopeOf, type SchoolScope } from '#platform/auth/access.js';
import type { ServiceContext } from '#platform/context.js';
import { presentTokenReport } from './token-report.presenter.js';
import { listTokenErrorGroups, listTokenErrorUsers } from './token-report.repository.js';

/**
 * The accesses whose publisher token is in error, in the caller's schools, or in one of them
 * when `uai` is given (`not_found` when it is out of reach or is no school, as for every caller). At most
 * TOKEN_REPORT_USERS_PER_APPLICATION users per application are listed; each application says its
 * total and whether its list is cut.
 */
export async function getTokenReport(ctx: ServiceContext, input: { uai?: string }): Promise<apps.TokenReportSchool[]> {
  const uai = input.uai?.toUpperCase();
  if (uai !== undefined) await requireReachableSchool(ctx, uai);
  const scope: SchoolScope = uai === undefined ? schoolScopeOf(ctx.actor) : oneSchoolScope(uai);
  const [groups, errorUsers] = await Promise.all([
    listTokenErrorGroups(ctx.db, scope),
    listTokenErrorUsers(ctx.db, scope, apps.TOKEN_REPORT_USERS_PER_APPLICATION),
  ]);
  return presentTokenReport(groups, errorUsers);
}
