import type { FileStorage } from '#adapters/storage/index.js';
import type { Database } from '#platform/db/client.js';
import type { JobLog } from '#platform/jobs/job-queue.js';
import type { Jobs } from '#platform/jobs/jobs.js';
import { deleteUploadTickets, listExpiredUploadTickets } from './documents.repository.js';

export const SWEEP_JOB = 'documents-sweep';

/** The most files one sweep deletes; the next tick takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Deletes from the store the files of the tickets expired by `now` (uploads never registered, and
 * documents whose file the store failed to delete), then their tickets; a file the store still
 * fails to delete keeps its ticket for the next sweep. Answers how many were swept.
 */
export async function sweepDocumentUploads(
  deps: { db: Database; storage: FileStorage; log: JobLog },
  now: Date = new Date(),
): Promise<number> {
  const keys = await listExpiredUploadTickets(deps.db, now, SWEEP_BATCH);
  const swept: string[] = [];
  for (const key of keys) {
    try {
      await deps.storage.deleteObject(key);
      swept.push(key);
    } catch (error) {
      deps.log.error({ err: error, key }, 'documents: the store did not delete a file never registered');
    }
  }
  await deleteUploadTickets(deps.db, swept);
  return swept.length;
}

/**
 * The sweep's part of the job module: due whenever a ticket has expired, as one job a tick (its id
 * names the minute: every instance that finds it due adds the same job).
 */
export function registerDocumentJobs(jobs: Jobs, deps: { db: Database; storage: FileStorage; log: JobLog }): void {
  jobs.queue.handle(SWEEP_JOB, async () => {
    await sweepDocumentUploads(deps);
  });
  jobs.schedule({
    name: 'document uploads never registered',
    due: async (now) =>
      (await listExpiredUploadTickets(deps.db, now, 1)).length === 0
        ? []
        : [{ jobName: SWEEP_JOB, jobId: `${SWEEP_JOB}-${Math.floor(now.getTime() / 60_000)}`, data: {} }],
  });
}
