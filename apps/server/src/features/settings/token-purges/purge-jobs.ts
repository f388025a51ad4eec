import { writeAudit } from '#platform/audit/audit.js';
import type { AppDeps } from '#platform/context.js';
import type { Jobs } from '#platform/jobs/jobs.js';
import { nextRunAt, occurrenceAt } from './purge-calendar.js';
import { purgeTokens, type PurgeBatch } from './purge-tokens.repository.js';
import { claimOccurrence, duePurgeTasks, findPurgeTask, finishRun, timingOf } from './token-purges.repository.js';

export const PURGE_JOB = 'token-purge';

type PurgeJobData = { taskId: number; due: string };

/** What a run needs: the database, and the time zone its calendar counts in. */
export type PurgeDeps = { db: AppDeps['db']; env: Pick<AppDeps['env'], 'TIME_ZONE'> };

function isPurgeJobData(data: unknown): data is PurgeJobData {
  const value = data as Partial<PurgeJobData> | null;
  return typeof value?.taskId === 'number' && typeof value.due === 'string';
}

/**
 * Runs the occurrence of a task due at `due`, if it is still to run: claims it (once, whatever the
 * instances and the queue), clears the tokens in batches, then records on the run what was removed
 * (the list reads it there) and in the audit log. Answers what was removed, or null when there was nothing to run.
 */
export async function runPurgeOccurrence(
  deps: PurgeDeps,
  job: { taskId: number; due: Date },
  clock: () => Date = () => new Date(),
  onBatch?: (batch: PurgeBatch) => void,
): Promise<number | null> {
  const claim = await deps.db.transaction(async (tx) => {
    const task = await findPurgeTask(tx, job.taskId, true);
    if (!task) return null;
    const now = clock();
    const zone = deps.env.TIME_ZONE;
    const timing = timingOf(task);
    const occurrence = occurrenceAt(timing, job.due, now, zone);
    const claimed = await claimOccurrence(tx, task, job.due, occurrence, now, (last) =>
      nextRunAt({ ...timing, lastExecution: last }, zone),
    );
    return claimed.claimed ? { task: claimed.row, occurrence } : null;
  });
  if (!claim) return null;
  let removed = 0;
  try {
    await purgeTokens(deps.db, { platformId: claim.task.platformId, uais: claim.task.uais }, (batch) => {
      removed += batch.removed;
      onBatch?.(batch);
    });
  } finally {
    // A run that failed half-way records what it cleared before the failure.
    await finishRun(deps.db, claim.task.id, claim.occurrence, removed, clock());
    await writeAudit(deps.db, {
      actor: null,
      action: 'purge',
      entity: 'token_purge',
      entityId: claim.task.id,
      after: {
        occurrence: claim.occurrence.toISOString(),
        removed,
        platformId: claim.task.platformId,
        uais: claim.task.uais ?? 'all',
      },
    });
  }
  return removed;
}

/** The purges' part of the job module: the handler of a due occurrence, and the tasks as a source of due work. */
export function registerPurgeJobs(jobs: Jobs, deps: PurgeDeps, clock: () => Date = () => new Date()): void {
  jobs.queue.handle(PURGE_JOB, async (data) => {
    if (!isPurgeJobData(data)) throw new Error('token purge job without a task and a due time');
    await runPurgeOccurrence(deps, { taskId: data.taskId, due: new Date(data.due) }, clock);
  });
  jobs.schedule({
    name: 'token purges',
    due: async (now) =>
      (await duePurgeTasks(deps.db, now)).map((task) => ({
        jobName: PURGE_JOB,
        // The occurrence's id: every instance that finds it due adds the same job.
        jobId: `purge-${task.id}-${task.due.getTime()}`,
        data: { taskId: task.id, due: task.due.toISOString() } satisfies PurgeJobData,
      })),
  });
}
