import { notifications as contract, type ProfileName } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { reachesEverySchool } from '#platform/auth/access.js';
import { requireRight } from '#platform/auth/rights.js';
import type { ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import { audienceQueryOf } from './audience.service.js';
import {
  insertNotification,
  listAllReachableUais,
  listHistory,
  listKnownApplicationIds,
  type HistoryRow,
} from './history.repository.js';

/**
 * Records a notification (`POST /devices/notifications/save`), to be sent: its filters as checked
 * for the audience (schools within reach, else 404), applications of the catalogue (else 404).
 * Every school is, for an Administrateur, every school; for the others the schools they reach
 * now, named. Audited.
 */
export async function saveNotification(
  ctx: ServiceContext,
  draft: contract.NotificationDraft,
): Promise<{ idNotification: number }> {
  requireRight(ctx.actor, 'notifications', 'Ecriture');
  const { title, bodyInput, linkInput, ...filter } = draft;
  const query = await audienceQueryOf(ctx, filter);
  const applicationIds = [...new Set(filter.arrayApplications)];
  if ((await listKnownApplicationIds(ctx.db, applicationIds)).length !== applicationIds.length)
    throw new AppError('not_found', 'No such application');
  const allSchools = query.uais === null && reachesEverySchool(ctx.actor);
  const uais = query.uais ?? (allSchools ? [] : await listAllReachableUais(ctx.db, ctx.actor));
  return ctx.db.transaction(async (tx) => {
    const id = await insertNotification(tx, {
      title,
      description: bodyInput,
      link: linkInput === '' ? null : linkInput,
      author: { id: ctx.actor.id, firstname: ctx.actor.firstname, lastname: ctx.actor.lastname },
      allSchools,
      uais,
      parameters: {
        subject: contract.subjectTermsOf(filter.subject),
        logicalOperator: filter.logicalOperator,
        searchOperator: filter.searchOperator,
        profiles: [...new Set(filter.arrayProfiles)],
        applicationIds,
      },
    });
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'save_notification',
      entity: 'notification',
      entityId: id,
      after: { title, allSchools, uais: allSchools ? ['all'] : uais },
    });
    return { idNotification: id };
  });
}

function historyItemOf(row: HistoryRow): contract.HistoryItem {
  return {
    idNotification: row.id,
    labelNotification: row.title,
    createdBy: `${row.creatorFirstname} ${row.creatorLastname}`,
    createdDate: row.createdAt.toISOString(),
    descriptionNotification: row.description,
    linkNotification: row.link,
    parametersNotification: {
      arrayUai: row.allSchools ? ['all'] : row.schools.map((school) => school.uai),
      schools: row.schools,
      subject: row.parameters.subject,
      logicalOperator: row.parameters.logicalOperator,
      searchOperator: row.parameters.searchOperator,
      arrayProfiles: row.parameters.profiles as ProfileName[],
      arrayApplications: row.applications,
      userCount: row.userCount,
    },
    reportNotification: row.report,
    statusNotification: row.status as contract.NotificationStatus,
  };
}

/** The history (`GET /devices/notifications/historique`): the latest `limit` the caller sees, and whether more remain. */
export async function notificationHistory(ctx: ServiceContext, limit: number): Promise<contract.NotificationHistory> {
  requireRight(ctx.actor, 'notifications', 'Lecture');
  const rows = await listHistory(ctx.db, ctx.actor, limit + 1);
  return {
    notifications: rows.slice(0, limit).map(historyItemOf),
    hasMore: rows.length > limit,
    operators: { search: [...contract.SEARCH_OPERATORS], logical: [...contract.LOGICAL_OPERATORS] },
  };
}
