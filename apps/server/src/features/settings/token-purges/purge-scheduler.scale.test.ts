import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#platform/db/client.js';
import { tokenPurgeRuns, tokenPurgeTasks } from '#platform/db/schema/index.js';
import { createJobs, type Jobs } from '#platform/jobs/jobs.js';
import { createScaleDatabase, requireScaleServices } from '#test/instances.js';
import { waitUntil } from '#test/wait.js';
import { PURGE_JOB, registerPurgeJobs } from './purge-jobs.js';
import { arrangeTokens } from './token-purges.test-support.js';

/**
 * Two instances, each with its own connections, on one PostgreSQL database and one Redis (BullMQ):
 * both schedulers find the same occurrence due at the same (injected) time; it runs once.
 */
const quiet = { error: () => undefined };
const prefix = `console-test-${randomBytes(4).toString('hex')}`;
let database: Awaited<ReturnType<typeof createScaleDatabase>>;
let handles: DatabaseHandle[] = [];
let instances: Jobs[] = [];
let redisUrl: string;
const clock = { now: new Date('2026-12-07T06:00:05.000Z') };

beforeAll(async () => {
  redisUrl = requireScaleServices().redisUrl;
  database = await createScaleDatabase();
  handles = [
    await openDatabase({ databaseUrl: database.url, poolSize: 4 }),
    await openDatabase({ databaseUrl: database.url, poolSize: 4 }),
  ];
  instances = await Promise.all(
    handles.map(async (handle) => {
      const jobs = await createJobs({ REDIS_URL: redisUrl }, quiet, { clock: () => clock.now, redisPrefix: prefix });
      registerPurgeJobs(jobs, { db: handle.db, env: { TIME_ZONE: 'Europe/Paris' } }, () => clock.now);
      return jobs;
    }),
  );
});

afterAll(async () => {
  await Promise.all(instances.map((jobs) => jobs.stop()));
  await Promise.all(handles.map((handle) => handle.close()));
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await database?.drop();
});

describe('token purges on BullMQ (two instances, one Redis)', { timeout: 60_000 }, () => {
  it('runs a due occurrence once, as one job', async () => {
    const db = handles[0]!.db;
    const scope = await arrangeTokens(db);
    const due = new Date('2026-12-07T06:00:00.000Z');
    const [task] = await db
      .insert(tokenPurgeTasks)
      .values({
        name: 'Sur Redis',
        platformId: scope.purged,
        uais: null,
        startAt: due,
        intervalField: 'WEEK',
        createdByName: 'Test',
        nextRunAt: due,
      })
      .returning();
    expect(instances.every((jobs) => jobs.queue.kind === 'bullmq')).toBe(true);

    // Both instances tick twice at the same time: whichever finds it due adds the occurrence's job.
    await Promise.all([...instances, ...instances].map((jobs) => jobs.scheduler.tick()));
    await waitUntil('the run recorded', async () => {
      const [run] = await db.select().from(tokenPurgeRuns).where(eq(tokenPurgeRuns.taskId, task!.id));
      return run?.finishedAt != null;
    });
    // An instance late to find it due adds the same job id again: BullMQ keeps it one job.
    const jobId = `purge-${task!.id}-${due.getTime()}`;
    await instances[1]!.queue.add(PURGE_JOB, { taskId: task!.id, due: due.toISOString() }, jobId);
    await Promise.all(instances.map((jobs) => jobs.queue.idle()));

    expect(await db.select().from(tokenPurgeRuns).where(eq(tokenPurgeRuns.taskId, task!.id))).toEqual([
      expect.objectContaining({ occurrence: due, removed: 12 }),
    ]);
    const queue = new Queue('console-jobs', { connection: { url: redisUrl }, prefix });
    const completed = await queue.getJobs(['completed', 'failed']);
    await queue.close();
    expect(completed.map((job) => [job.name, job.id])).toEqual([[PURGE_JOB, jobId]]);
    const [row] = await db.select().from(tokenPurgeTasks).where(eq(tokenPurgeTasks.id, task!.id));
    // A week on, at the same time in Paris (no daylight-saving change in December).
    expect(row?.nextRunAt).toEqual(new Date('2026-12-14T06:00:00.000Z'));
  });
});
