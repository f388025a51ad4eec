import { settings } from '@console/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPurgeRuns, tokenPurgeTasks, userApplications, users } from '#platform/db/schema/index.js';
import { createJobs, type Jobs } from '#platform/jobs/jobs.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { signInSettingsCallers } from '../settings.test-support.js';
import { registerPurgeJobs } from './purge-jobs.js';
import { arrangeTokens } from './token-purges.test-support.js';

let t: TestContext;
let cookies: Record<'admin' | 'manager', string>;
const quiet = { error: () => undefined };

beforeAll(async () => {
  t = await createTestContext();
  cookies = await signInSettingsCallers(t);
});
afterAll(() => t.close());

/** An instance's job module on the test database, its clock set by the test. */
async function instance(clock: { now: Date }): Promise<Jobs> {
  const jobs = await createJobs({ REDIS_URL: undefined }, quiet, { clock: () => clock.now });
  registerPurgeJobs(jobs, t, () => clock.now);
  return jobs;
}

async function schedule(body: Record<string, unknown>): Promise<settings.PurgeTask> {
  const response = await injectAs(t.app, cookies.admin, { ...requestOf(settings.createPurgeTask), payload: body });
  expect(response.statusCode).toBe(200);
  return settings.purgeTaskSchema.parse(response.json());
}

async function listed(eventId: number): Promise<settings.PurgeTask | undefined> {
  const tasks = settings.purgeTasksSchema.parse(
    (await injectAs(t.app, cookies.admin, requestOf(settings.listPurgeTasks))).json(),
  );
  return tasks.find((task) => task.eventId === eventId);
}

/** The accesses whose token status is still there, by school and platform. */
async function checkedTokens(uai: string, applicationIds: number[]): Promise<number> {
  const rows = await t.db
    .select({ userId: userApplications.userId })
    .from(userApplications)
    .innerJoin(users, eq(users.id, userApplications.userId))
    .where(and(eq(users.uai, uai), inArray(userApplications.applicationId, applicationIds)));
  const cleared = await t.db
    .select({ userId: userApplications.userId })
    .from(userApplications)
    .innerJoin(users, eq(users.id, userApplications.userId))
    .where(
      and(
        eq(users.uai, uai),
        inArray(userApplications.applicationId, applicationIds),
        isNull(userApplications.validToken),
        isNull(userApplications.tokenCheckedAt),
      ),
    );
  return rows.length - cleared.length;
}

const runsOf = (taskId: number) => t.db.select().from(tokenPurgeRuns).where(eq(tokenPurgeRuns.taskId, taskId));
const T0 = new Date('2026-12-07T06:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('the scheduler runs the purges (spec 2 §2.8, §4)', () => {
  it("runs a due task once, on its platform's tokens in its schools only, and shows it in the list", async () => {
    const scope = await arrangeTokens(t.db);
    const purgedApps = scope.apps.filter((app) => app.platformId === scope.purged).map((app) => app.id);
    const keptApps = scope.apps.filter((app) => app.platformId === scope.kept).map((app) => app.id);
    const task = await schedule({
      eventName: 'Quotidienne',
      platformId: scope.purged,
      startDate: T0.toISOString(),
      intervalField: 'DAY',
      uais: [scope.schools[0]],
    });
    const clock = { now: at(-60_000) };
    const first = await instance(clock);
    const second = await instance(clock);

    expect(await first.scheduler.tick()).toBe(0);
    clock.now = at(5_000);
    // Two instances on one database find it due at once; the occurrence runs once.
    await Promise.all([first.scheduler.tick(), second.scheduler.tick(), first.scheduler.tick()]);
    await Promise.all([first.queue.idle(), second.queue.idle()]);

    expect(await runsOf(task.eventId)).toEqual([expect.objectContaining({ occurrence: T0, removed: 6 })]);
    expect(await checkedTokens(scope.schools[0]!, purgedApps)).toBe(0);
    expect(await checkedTokens(scope.schools[1]!, purgedApps)).toBe(6);
    expect(await checkedTokens(scope.schools[0]!, keptApps)).toBe(3);
    expect(await listed(task.eventId)).toMatchObject({
      lastExecution: T0.toISOString(),
      lastRemoved: 6,
      nextRun: at(86_400_000).toISOString(),
    });

    // Later the same day: nothing is due. Three days later: the missed days are one run, on the grid.
    clock.now = at(3_600_000);
    expect(await first.scheduler.tick()).toBe(0);
    clock.now = at(3 * 86_400_000 + 3_600_000);
    await second.scheduler.tick();
    await second.queue.idle();
    expect(await runsOf(task.eventId)).toHaveLength(2);
    expect(await listed(task.eventId)).toMatchObject({
      lastExecution: at(3 * 86_400_000).toISOString(),
      lastRemoved: 0,
      nextRun: at(4 * 86_400_000).toISOString(),
    });
    await Promise.all([first.stop(), second.stop()]);
  });

  it('never runs a disabled task, and runs an IMMEDIATE one once', async () => {
    const scope = await arrangeTokens(t.db);
    const disabled = await schedule({
      eventName: 'Désactivée',
      platformId: scope.purged,
      startDate: T0.toISOString(),
      intervalField: 'DAY',
      uais: 'all',
    });
    await injectAs(t.app, cookies.admin, {
      ...requestOf(settings.updatePurgeTask, { eventId: disabled.eventId }),
      payload: {
        eventName: 'Désactivée',
        platformId: scope.purged,
        startDate: T0.toISOString(),
        intervalField: 'MINUTE',
        uais: 'all',
        enable: false,
      },
    });
    const immediate = await schedule({
      eventName: 'Immédiate',
      platformId: scope.purged,
      startDate: T0.toISOString(),
      intervalField: 'IMMEDIATE',
      uais: [scope.schools[1]],
    });
    const clock = { now: at(1_000) };
    const jobs = await instance(clock);
    for (const minutes of [1, 2, 60, 60 * 24 * 30]) {
      clock.now = at(minutes * 60_000);
      await jobs.scheduler.tick();
      await jobs.queue.idle();
    }
    expect(await runsOf(disabled.eventId)).toEqual([]);
    expect(await listed(disabled.eventId)).toMatchObject({ enable: false, lastExecution: null, nextRun: null });
    expect(await runsOf(immediate.eventId)).toEqual([expect.objectContaining({ removed: 6 })]);
    expect(await listed(immediate.eventId)).toMatchObject({ lastExecution: T0.toISOString(), nextRun: null });
    const [row] = await t.db.select().from(tokenPurgeTasks).where(eq(tokenPurgeTasks.id, immediate.eventId));
    expect(row?.nextRunAt).toBeNull();
    await jobs.stop();
  });
});
