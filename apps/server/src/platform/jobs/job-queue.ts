/**
 * The job interface every queue offers (docs/design.md, "Jobs and schedules"): in-process by default, BullMQ
 * on Redis when REDIS_URL is set. A job has a name (its kind: one handler each), data, and an id:
 * a job whose id was already added is ignored, so that several instances may add the same
 * occurrence of a scheduled task and it runs once.
 */
export type JobHandler = (data: unknown) => Promise<void>;

export type JobQueue = {
  readonly kind: 'in-process' | 'bullmq';
  /** The handler of the jobs named `name`, on this instance. */
  handle: (name: string, handler: JobHandler) => void;
  /** Adds a job; one with an id already added is ignored. Resolves once the job is queued. */
  add: (name: string, data: unknown, jobId: string) => Promise<void>;
  /** Resolves when no job is waiting or running (for tests and shutdown). */
  idle: () => Promise<void>;
  close: () => Promise<void>;
};

export type JobLog = { error: (details: object, message: string) => void };

/** How long an id is remembered after its job ran: an occurrence is added again only within a scheduler's tick or two. */
export const REMEMBER_IDS_MS = 86_400_000;

/**
 * How many jobs an instance runs at once. More than one: a long job (a notification to a million
 * devices, a quota waited out) must not hold up the purges and the other sends behind it.
 */
export const JOB_CONCURRENCY = 4;

/**
 * The in-process queue: jobs start on this instance in the order added, JOB_CONCURRENCY at once
 * (`concurrency`: 1 runs them one after another). What must
 * survive a restart is the schedule, which lives in the database (the next run of each task): a job
 * lost with the process is found due again at the next start. A job added before its handler is
 * registered waits for it, as a job waits in BullMQ for a worker that runs it: it is neither
 * refused nor lost (its id is remembered from when it was added, so that adding it again changes
 * nothing).
 */
export function createInProcessQueue(log: JobLog, now: () => number = Date.now, concurrency: number = JOB_CONCURRENCY): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const waiting = new Map<string, { data: unknown; jobId: string }[]>();
  const seen = new Map<string, number>();
  const ready: { name: string; handler: JobHandler; data: unknown; jobId: string }[] = [];
  let running = 0;
  let idleWaiters: (() => void)[] = [];
  let closed = false;

  const forgetOld = () => {
    const limit = now() - REMEMBER_IDS_MS;
    for (const [id, at] of seen) if (at < limit) seen.delete(id);
  };

  const settleIdle = () => {
    if (running > 0 || ready.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const startReady = () => {
    while (running < concurrency && ready.length > 0) {
      const job = ready.shift()!;
      running += 1;
      void Promise.resolve()
        .then(() => job.handler(job.data))
        .catch((error: unknown) => log.error({ err: error, job: job.name, jobId: job.jobId }, 'job failed'))
        .finally(() => {
          running -= 1;
          startReady();
          settleIdle();
        });
    }
  };

  const run = (name: string, handler: JobHandler, data: unknown, jobId: string) => {
    ready.push({ name, handler, data, jobId });
    startReady();
  };

  return {
    kind: 'in-process',
    handle: (name, handler) => {
      handlers.set(name, handler);
      const jobs = waiting.get(name) ?? [];
      waiting.delete(name);
      if (!closed) for (const job of jobs) run(name, handler, job.data, job.jobId);
    },
    add: async (name, data, jobId) => {
      if (closed) return;
      forgetOld();
      if (seen.has(jobId)) return;
      seen.set(jobId, now());
      const handler = handlers.get(name);
      if (handler) run(name, handler, data, jobId);
      else waiting.set(name, [...(waiting.get(name) ?? []), { data, jobId }]);
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      }),
    close: async () => {
      closed = true;
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
