import type { Env } from '#platform/config/env.js';
import { createInProcessQueue, type JobLog, type JobQueue } from './job-queue.js';
import { createScheduler, type DueSource, type Scheduler } from './scheduler.js';

/** The job module: one queue and one scheduler per instance; features add their handlers and due sources before `start`. */
export type Jobs = {
  queue: JobQueue;
  scheduler: Scheduler;
  /** Registers a source of due work (a table of scheduled tasks). */
  schedule: (source: DueSource) => void;
  start: () => void;
  stop: () => Promise<void>;
};

/**
 * In-process by default; BullMQ on Redis when REDIS_URL is set (docs/deploy.md, "Redis: live
 * updates between instances"). BullMQ and its Redis client are loaded only then: they take about
 * half a second to load, which every start on the embedded default would pay.
 */
export async function createJobs(
  env: Pick<Env, 'REDIS_URL'>,
  log: JobLog,
  options: { clock?: () => Date; queue?: JobQueue; redisPrefix?: string; everyMs?: number } = {},
): Promise<Jobs> {
  const queue =
    options.queue ??
    (env.REDIS_URL
      ? (await import('./bullmq-queue.js')).createBullmqQueue(env.REDIS_URL, log, { prefix: options.redisPrefix })
      : createInProcessQueue(log));
  const sources: DueSource[] = [];
  const scheduler = createScheduler({ queue, sources, log, clock: options.clock, everyMs: options.everyMs });
  return {
    queue,
    scheduler,
    schedule: (source) => void sources.push(source),
    start: () => scheduler.start(),
    stop: async () => {
      scheduler.stop();
      await queue.close();
    },
  };
}
