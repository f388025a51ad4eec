import { DelayedError, Queue, Worker } from 'bullmq';
import { openRedis } from '#platform/redis/connection.js';
import type { JobHandler, JobLog, JobQueue } from './job-queue.js';
import { JOB_CONCURRENCY, REMEMBER_IDS_MS } from './job-queue.js';

/** How long `idle` waits for the queue to drain before giving up. */
const IDLE_TIMEOUT_MS = 30_000;
/** How long a job no handler took yet waits before it is tried again. */
export const UNHANDLED_RETRY_MS = 1_000;

/**
 * The queue on Redis (BullMQ): every instance adds and works the same queue, a job runs on one of
 * them (each runs JOB_CONCURRENCY at once), and a job id added by several instances is one job (kept for REMEMBER_IDS_MS after it ran,
 * so that an instance late to find the occurrence due adds nothing). A job is tried once: the
 * handlers make their own claim in the database and would refuse a second try anyway. A job that
 * reaches an instance with no handler for it yet (added at start, before the feature registered
 * its handler) is put back, delayed by UNHANDLED_RETRY_MS, until one has: it waits as in the
 * in-process queue, rather than failing and its id being remembered for a day.
 */
export function createBullmqQueue(url: string, log: JobLog, options: { name?: string; prefix?: string } = {}): JobQueue {
  const name = options.name ?? 'console-jobs';
  const prefix = options.prefix ?? 'console';
  // BullMQ's workers block on Redis: they need a connection that retries forever, never failing a command.
  const connection = openRedis(url, { maxRetriesPerRequest: null });
  connection.on('error', (error) => log.error({ err: error }, 'Redis (jobs) unreachable'));
  const queue = new Queue(name, { connection, prefix });
  const handlers = new Map<string, JobHandler>();
  const worker = new Worker(
    name,
    async (job, token) => {
      const handler = handlers.get(job.name);
      if (!handler) {
        await job.moveToDelayed(Date.now() + UNHANDLED_RETRY_MS, token);
        // BullMQ's way to end a run whose job was moved: neither completed nor failed.
        throw new DelayedError();
      }
      await handler(job.data);
    },
    { connection: connection.duplicate({ maxRetriesPerRequest: null }), prefix, concurrency: JOB_CONCURRENCY },
  );
  worker.on('failed', (job, error) => log.error({ err: error, job: job?.name, jobId: job?.id }, 'job failed'));
  worker.on('error', (error) => log.error({ err: error }, 'job worker error'));

  return {
    kind: 'bullmq',
    handle: (jobName, handler) => void handlers.set(jobName, handler),
    add: async (jobName, data, jobId) => {
      await queue.add(jobName, data, {
        jobId,
        attempts: 1,
        removeOnComplete: { age: REMEMBER_IDS_MS / 1000 },
        removeOnFail: { age: REMEMBER_IDS_MS / 1000 },
      });
    },
    idle: async () => {
      const deadline = Date.now() + IDLE_TIMEOUT_MS;
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        if (Object.values(counts).every((count) => count === 0)) return;
        if (Date.now() > deadline) throw new Error(`jobs still waiting or running after ${IDLE_TIMEOUT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: async () => {
      await worker.close();
      await queue.close();
      await connection.quit().catch(() => undefined);
    },
  };
}
