import { z } from 'zod';
import type { Jobs } from '#platform/jobs/jobs.js';
import { hasDueReceipts } from './receipts.repository.js';
import { checkDueReceipts } from './receipts.service.js';
import { listIdleSends } from './sending.repository.js';
import { runNotificationSend, SEND_JOB, sendJobId, type SendDeps } from './sending.service.js';

const sendJobData = z.object({ idNotification: z.number().int() });

/** The job that asks the push services for their due receipts; one a minute at most (its id names the minute). */
export const RECEIPTS_JOB = 'push-receipts';

/**
 * The sends' part of the job module: the send job's handler, and a source of due work that finds
 * every send no worker holds (its job lost with a stopped instance, or an attempt after a
 * failure), so that a send always ends, on the embedded default as on BullMQ; and the receipts
 * check, added when receipts are due.
 */
export function registerNotificationJobs(jobs: Jobs, deps: SendDeps): void {
  jobs.queue.handle(SEND_JOB, async (data) => {
    const parsed = sendJobData.safeParse(data);
    if (!parsed.success) return;
    await runNotificationSend(deps, parsed.data.idNotification);
  });
  jobs.schedule({
    name: 'notifications being sent that no worker holds',
    due: async () =>
      (await listIdleSends(deps.db)).map((send) => ({
        jobName: SEND_JOB,
        jobId: sendJobId(send.id, send.attempt),
        data: { idNotification: send.id },
      })),
  });
  jobs.queue.handle(RECEIPTS_JOB, async () => {
    await checkDueReceipts(deps);
  });
  jobs.schedule({
    name: 'push receipts due',
    due: async (now) =>
      (await hasDueReceipts(deps.db))
        ? [{ jobName: RECEIPTS_JOB, jobId: `${RECEIPTS_JOB}-${now.toISOString().slice(0, 16)}`, data: {} }]
        : [],
  });
}
