import { settings } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import { AppError, validationError } from '#platform/errors/app-error.js';
import type { Executor } from '#platform/db/client.js';
import { findPlatform } from '../platforms.repository.js';
import { changedValues } from '../catalogue-audit.js';
import { nextRunAt as nextRunOf } from './purge-calendar.js';
import { countPurgeable } from './purge-tokens.repository.js';
import {
  deletePurgeTaskRow,
  findPurgeTask,
  insertPurgeTask,
  listPurgeTasks as listStoredPurgeTasks,
  presentPurgeTask,
  presentStoredPurgeTask,
  timingOf,
  unknownSchools,
  updatePurgeTask,
  type PurgeTaskColumns,
} from './token-purges.repository.js';

const purgeTaskNotFound = () => new AppError('not_found', 'No such purge task');

/** The scheduled token purges, by name. */
export async function listPurgeTasks(ctx: ServiceContext): Promise<settings.PurgeTask[]> {
  return listStoredPurgeTasks(ctx.db);
}

/** The platform must exist and every school named too: else 400 under the field, nothing written. */
async function checkScope(db: Executor, platformId: string, uais: 'all' | string[]): Promise<void> {
  if (!(await findPlatform(db, platformId))) throw validationError({ platformId: [settings.UNKNOWN_PLATFORM] });
  if (uais !== 'all' && (await unknownSchools(db, uais)).length > 0)
    throw validationError({ uais: [settings.UNKNOWN_PURGE_SCHOOL] });
}

function columnsOf(body: settings.PurgeTaskCreate | settings.PurgeTaskUpdate, enabled: boolean): PurgeTaskColumns {
  return {
    name: body.eventName,
    platformId: body.platformId,
    uais: body.uais === 'all' ? null : body.uais,
    startAt: new Date(body.startDate),
    intervalField: body.intervalField,
    intervalValue: 1,
    enabled,
  };
}

/** Schedules a purge: it runs first at its start date (at once when that is past), then at each interval. */
export async function createPurgeTask(ctx: ServiceContext, body: settings.PurgeTaskCreate): Promise<settings.PurgeTask> {
  return ctx.db.transaction(async (tx) => {
    await checkScope(tx, body.platformId, body.uais);
    const columns = columnsOf(body, true);
    const nextRunAt = nextRunOf(timingOf({ ...columns, lastExecution: null }), ctx.env.TIME_ZONE);
    const row = await insertPurgeTask(tx, {
      ...columns,
      createdBy: ctx.actor.id,
      createdByName: editorLabel(ctx.actor),
      nextRunAt,
    });
    const created = presentPurgeTask(row, null);
    await writeAudit(tx, { actor: ctx.actor, action: 'create', entity: 'token_purge', entityId: row.id, after: created });
    return created;
  });
}

/**
 * Changes a purge (the create payload plus enable). Its next run follows at once: 'ø' when
 * disabled; its new start date when that is after its last execution; else its last execution plus
 * the new interval. The task is locked meanwhile, so that a run starting now sees it before or after.
 */
export async function updatePurgeTaskById(
  ctx: ServiceContext,
  eventId: number,
  body: settings.PurgeTaskUpdate,
): Promise<settings.PurgeTask> {
  return ctx.db.transaction(async (tx) => {
    const existing = await findPurgeTask(tx, eventId, true);
    if (!existing) throw purgeTaskNotFound();
    await checkScope(tx, body.platformId, body.uais);
    const columns = columnsOf(body, body.enable);
    const nextRunAt = nextRunOf(
      timingOf({ ...columns, intervalValue: existing.intervalValue, lastExecution: existing.lastExecution }),
      ctx.env.TIME_ZONE,
    );
    const row = await updatePurgeTask(tx, eventId, {
      ...columns,
      intervalValue: existing.intervalValue,
      updatedBy: editorLabel(ctx.actor),
      nextRunAt,
    });
    const before = await presentStoredPurgeTask(tx, existing);
    const saved = await presentStoredPurgeTask(tx, row);
    const changes = changedValues(before, saved);
    if (changes)
      await writeAudit(tx, { actor: ctx.actor, action: 'update', entity: 'token_purge', entityId: eventId, ...changes });
    return saved;
  });
}

/** Deletes a purge and its run history (a run in progress goes to its end). */
export async function deletePurgeTask(ctx: ServiceContext, id: number): Promise<{ ok: true }> {
  return ctx.db.transaction(async (tx) => {
    const row = await deletePurgeTaskRow(tx, id);
    if (!row) throw purgeTaskNotFound();
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'delete',
      entity: 'token_purge',
      entityId: id,
      before: presentPurgeTask(row, null),
    });
    return { ok: true as const };
  });
}

/** What a purge of this platform's tokens in these schools would clear now (beyond the spec: the preview). */
export async function previewPurge(
  ctx: ServiceContext,
  query: { platformId: string; uais: 'all' | string[] },
): Promise<{ tokens: number; users: number }> {
  await checkScope(ctx.db, query.platformId, query.uais);
  return countPurgeable(ctx.db, { platformId: query.platformId, uais: query.uais === 'all' ? null : query.uais });
}
