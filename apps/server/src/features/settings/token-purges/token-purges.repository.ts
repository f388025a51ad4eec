import { settings } from '@console/contract';
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { schools, tokenPurgeRuns, tokenPurgeTasks } from '#platform/db/schema/index.js';
import type { PurgeTiming } from './purge-calendar.js';

export type PurgeTaskRow = typeof tokenPurgeTasks.$inferSelect;
/** The columns the form sets. */
export type PurgeTaskColumns = Pick<
  PurgeTaskRow,
  'name' | 'platformId' | 'uais' | 'startAt' | 'intervalField' | 'intervalValue' | 'enabled'
>;

function intervalOf(row: Pick<PurgeTaskRow, 'intervalField'>): settings.PurgeInterval {
  return (settings.PURGE_INTERVALS as readonly string[]).includes(row.intervalField)
    ? (row.intervalField as settings.PurgeInterval)
    : 'DAY';
}

/** The timing of a row, as the purge calendar reads it. */
export function timingOf(
  row: Pick<PurgeTaskRow, 'enabled' | 'startAt' | 'lastExecution' | 'intervalField' | 'intervalValue'>,
): PurgeTiming {
  return {
    enable: row.enabled,
    startDate: row.startAt,
    lastExecution: row.lastExecution,
    intervalField: intervalOf(row),
    intervalValue: row.intervalValue,
  };
}

/** A row as the Tokens tab lists it (spec 2 §3), with what its last run removed (null before it finished). */
export function presentPurgeTask(row: PurgeTaskRow, lastRemoved: number | null): settings.PurgeTask {
  return {
    eventId: row.id,
    eventName: row.name,
    createdByFullName: row.createdByName,
    enable: row.enabled,
    startDate: row.startAt.toISOString(),
    lastExecution: row.lastExecution?.toISOString() ?? null,
    lastRemoved,
    nextRun: row.nextRunAt?.toISOString() ?? null,
    intervalField: intervalOf(row),
    intervalValue: row.intervalValue,
    procedureParameters: { arrayUai: row.uais ?? 'all', arrayPlatforms: [row.platformId] },
  };
}

/** The run of a task's last execution, joined: what it removed is read there, never copied. */
const lastRun = and(eq(tokenPurgeRuns.taskId, tokenPurgeTasks.id), eq(tokenPurgeRuns.occurrence, tokenPurgeTasks.lastExecution));

/** Every task as the list shows it, by name. */
export async function listPurgeTasks(db: Executor): Promise<settings.PurgeTask[]> {
  const rows = await db
    .select({ task: tokenPurgeTasks, removed: tokenPurgeRuns.removed })
    .from(tokenPurgeTasks)
    .leftJoin(tokenPurgeRuns, lastRun)
    .orderBy(asc(tokenPurgeTasks.name), asc(tokenPurgeTasks.id));
  return rows.map((row) => presentPurgeTask(row.task, row.removed));
}

/** A task as the list shows it. */
export async function presentStoredPurgeTask(db: Executor, row: PurgeTaskRow): Promise<settings.PurgeTask> {
  if (!row.lastExecution) return presentPurgeTask(row, null);
  const [run] = await db
    .select({ removed: tokenPurgeRuns.removed })
    .from(tokenPurgeRuns)
    .where(and(eq(tokenPurgeRuns.taskId, row.id), eq(tokenPurgeRuns.occurrence, row.lastExecution)));
  return presentPurgeTask(row, run?.removed ?? null);
}

/** The row, locked until the transaction ends when `forUpdate`. */
export async function findPurgeTask(db: Executor, id: number, forUpdate = false): Promise<PurgeTaskRow | undefined> {
  const query = db.select().from(tokenPurgeTasks).where(eq(tokenPurgeTasks.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertPurgeTask(
  tx: Executor,
  columns: PurgeTaskColumns & Pick<typeof tokenPurgeTasks.$inferInsert, 'createdBy' | 'createdByName' | 'nextRunAt'>,
): Promise<PurgeTaskRow> {
  const [row] = await tx.insert(tokenPurgeTasks).values(columns).returning();
  return row!;
}

export async function updatePurgeTask(
  tx: Executor,
  id: number,
  columns: PurgeTaskColumns & Pick<typeof tokenPurgeTasks.$inferInsert, 'updatedBy' | 'nextRunAt'>,
): Promise<PurgeTaskRow> {
  const [row] = await tx
    .update(tokenPurgeTasks)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(tokenPurgeTasks.id, id))
    .returning();
  return row!;
}

export async function deletePurgeTaskRow(tx: Executor, id: number): Promise<PurgeTaskRow | undefined> {
  const [row] = await tx.delete(tokenPurgeTasks).where(eq(tokenPurgeTasks.id, id)).returning();
  return row;
}

/** Those of `uais` that are no school's. */
export async function unknownSchools(db: Executor, uais: readonly string[]): Promise<string[]> {
  if (uais.length === 0) return [];
  const found = await db
    .select({ uai: schools.uai })
    .from(schools)
    .where(inArray(schools.uai, [...uais]));
  const known = new Set(found.map((row) => row.uai));
  return uais.filter((uai) => !known.has(uai));
}

/** The enabled tasks due at `now`, with the time each is due. */
export async function duePurgeTasks(db: Executor, now: Date): Promise<{ id: number; due: Date }[]> {
  const rows = await db
    .select({ id: tokenPurgeTasks.id, due: tokenPurgeTasks.nextRunAt })
    .from(tokenPurgeTasks)
    .where(and(isNotNull(tokenPurgeTasks.nextRunAt), lte(tokenPurgeTasks.nextRunAt, now), eq(tokenPurgeTasks.enabled, true)))
    .orderBy(asc(tokenPurgeTasks.nextRunAt));
  return rows.flatMap((row) => (row.due ? [{ id: row.id, due: row.due }] : []));
}

/**
 * Claims an occurrence of a task for this run: records the run (its key refuses a second claim of
 * the same occurrence), the task's last execution and its next run (`nextRunAfter` the occurrence). Answers false when the
 * occurrence was claimed already, or the task changed since it was found due (deleted, disabled,
 * moved): then nothing is written and nothing may run.
 */
export async function claimOccurrence(
  tx: Executor,
  task: PurgeTaskRow,
  due: Date,
  occurrence: Date,
  startedAt: Date,
  nextRunAfter: (occurrence: Date) => Date | null,
): Promise<{ claimed: false } | { claimed: true; row: PurgeTaskRow }> {
  if (!task.enabled || task.nextRunAt?.getTime() !== due.getTime()) return { claimed: false };
  const inserted = await tx
    .insert(tokenPurgeRuns)
    .values({ taskId: task.id, occurrence, startedAt })
    .onConflictDoNothing()
    .returning({ taskId: tokenPurgeRuns.taskId });
  if (inserted.length === 0) return { claimed: false };
  const [row] = await tx
    .update(tokenPurgeTasks)
    .set({ lastExecution: occurrence, nextRunAt: nextRunAfter(occurrence) })
    .where(eq(tokenPurgeTasks.id, task.id))
    .returning();
  return { claimed: true, row: row! };
}

/** Records when a claimed run ended and what it removed. */
export async function finishRun(
  db: Executor,
  taskId: number,
  occurrence: Date,
  removed: number,
  finishedAt: Date,
): Promise<void> {
  await db
    .update(tokenPurgeRuns)
    .set({ finishedAt, removed })
    .where(and(eq(tokenPurgeRuns.taskId, taskId), eq(tokenPurgeRuns.occurrence, occurrence)));
}
