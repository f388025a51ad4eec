import type { JobLog, JobQueue } from './job-queue.js';

/** Something with due work: at `now`, the jobs to add (their ids name the occurrence, so adding one twice is harmless). */
export type DueSource = {
  name: string;
  due: (now: Date) => Promise<{ jobName: string; jobId: string; data: unknown }[]>;
};

export type Scheduler = {
  /** Adds the jobs due at the clock's now; answers how many were added (duplicates included). */
  tick: () => Promise<number>;
  start: () => void;
  stop: () => void;
};

/** How often an instance looks for due work by default (JOBS_TICK_SECONDS): the precision of a schedule. */
export const TICK_MS = 30_000;

/**
 * The scheduler: every TICK_MS, each source says what is due at the clock's time, and the jobs go
 * to the queue. The schedule itself lives in the sources' tables, so that any instance may tick
 * (each does) and a restart misses nothing; a tick still running is never overlapped. The clock is
 * injected: tests move time instead of waiting for it.
 */
export function createScheduler(options: {
  queue: JobQueue;
  sources: DueSource[];
  log: JobLog;
  clock?: () => Date;
  everyMs?: number;
}): Scheduler {
  const clock = options.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const tickOnce = async (): Promise<number> => {
    const now = clock();
    let added = 0;
    for (const source of options.sources) {
      try {
        for (const job of await source.due(now)) {
          await options.queue.add(job.jobName, job.data, job.jobId);
          added += 1;
        }
      } catch (error) {
        options.log.error({ err: error, source: source.name }, 'scheduler: could not add the due jobs');
      }
    }
    return added;
  };

  const tick = async (): Promise<number> => {
    if (running) return running.then(() => 0);
    running = tickOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    tick,
    start: () => {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), options.everyMs ?? TICK_MS);
      timer.unref();
    },
    stop: () => {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
