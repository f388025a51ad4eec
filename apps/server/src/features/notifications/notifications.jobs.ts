import { z } from 'zod';
import type { Jobs } from '#platform/jobs/jobs.js';
import { listIdleSends } from './sending.repository.js';
import { runNotificationSend, SEND_JOB, sendJobId, type SendDeps } from './sending.service.js';

const sendJobData = z.object({ idNotification: z.number().int() });

/**
 * The sends' part of the job module: the send job's handler, and a source of due work that finds
 * every send no worker holds (its job lost with a stopped instance, or an attempt after a
 * failure), so that a send always ends, on the embedded default as on BullMQ.
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
}
