// The fixture the sending tests share (sending, a worker's lease, the bulk menu): a test context
// with the notifications view given to staff, the job module in-process, an embedded push service
// in small batches that a test may make fail, and the calls those tests make.
import { notifications as contract, type notifications as types } from '@console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createOutboxPushSender, type PushMessage, type PushOutcome, type PushSender } from '#adapters/push/index.js';
import { pushOutbox } from '#platform/db/schema/index.js';
import { createInProcessQueue } from '#platform/jobs/job-queue.js';
import { createJobs, type Jobs } from '#platform/jobs/jobs.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers, buildUser } from '#test/factories.js';
import { buildDevice } from '#test/users-factories.js';
import { registerNotificationJobs } from './notifications.jobs.js';
import { giveStaffTheNotificationsView } from './notifications.test-support.js';

type Told = { userId: number; payload: types.ProgressBar };

/**
 * Registers the hooks of a sending test file and answers its fixture, filled in before its first
 * test. Between tests it waits for the sends left running, and clears the failures and progress.
 */
export function useSendingFixture() {
  let t: TestContext;
  let jobs: Jobs;
  let cookies: Record<'admin' | 'manager' | 'outsider', string>;
  let realOutbox: PushSender;
  /** Every progress event told, by user. */
  const told: Told[] = [];
  const controls = {
    /** For the n-th batch handed over (from 1): 'away' when the service is away (nothing written), null to deliver. */
    fail: (_batch: number): 'away' | null => null,
    /** Tokens the service refuses as invalid. */
    invalidTokens: new Set<string>(),
  };
  let batches = 0;

  /** The embedded push service in batches of two, failing as `controls` say. */
  const push: PushSender = {
    kind: 'outbox',
    batchSize: 2,
    send: async (messages: readonly PushMessage[]): Promise<PushOutcome[]> => {
      batches += 1;
      if (controls.fail(batches) === 'away') throw new Error('push service away');
      const refused = (message: PushMessage) => controls.invalidTokens.has(message.token);
      const outcomes = await realOutbox.send(messages.filter((message) => !refused(message)));
      let index = 0;
      return messages.map((message) => (refused(message) ? { status: 'invalid_token' } : outcomes[index++]!));
    },
  };

  /** Where the sending service tells progress: kept in `told`. */
  const realtime = {
    emitToUser: (userId: number, event: string, payload: unknown) => {
      if (event === 'progressBar') told.push({ userId, payload: payload as types.ProgressBar });
    },
  };

  beforeAll(async () => {
    t = await createTestContext();
    realOutbox = createOutboxPushSender(t.db);
    await giveStaffTheNotificationsView(t.db);
    const outsiderSchool = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
    ({ cookies } = await buildSignedInUsers(t, {
      admin: { profile: 'Administrateur' },
      manager: { profile: 'Gestionnaire' },
      outsider: { profile: 'Administrateur établissement', uai: outsiderSchool },
    }));
    jobs = await createJobs(
      { REDIS_URL: undefined },
      { error: () => undefined },
      { queue: createInProcessQueue({ error: () => undefined }) },
    );
    registerNotificationJobs(jobs, { db: t.db, push, realtime, log: { error: () => undefined } });
    t.app.jobs.bind(jobs.queue);
  });
  afterEach(async () => {
    // A send a test started and left runs to its end before the next test counts batches.
    await jobs.queue.idle();
    controls.fail = () => null;
    controls.invalidTokens = new Set();
    batches = 0;
    told.length = 0;
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
  });

  /** A school of its own with its administrator signed in, and `pupils` pupils with a live token each (plus one dead, one without). */
  async function aSchool(pupils: number) {
    const uai = (await buildSchool(t.db)).uai;
    const direction = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai });
    const tokens: string[] = [];
    for (let index = 0; index < pupils; index++) {
      const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai });
      const device = await buildDevice(t.db, pupil, { token: `${uai}-pupil-${index}` });
      tokens.push(device.token!);
    }
    const spare = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai });
    await buildDevice(t.db, spare, { token: `${uai}-dead`, deadAt: new Date() });
    await buildDevice(t.db, spare, { token: null });
    return { uai, direction, cookie: await signIn(t.app, direction.login, direction.password), tokens };
  }

  /** A notification to the school recorded by `cookie`'s user: its id. */
  async function saved(cookie: string, uai: string): Promise<number> {
    const response = await injectAs(t.app, cookie, {
      ...requestOf(contract.saveNotification),
      payload: {
        arrayUai: [uai],
        title: 'Sortie au musée',
        bodyInput: 'Rendez-vous à 8 h.',
        linkInput: 'https://college.example/sortie',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return contract.savedNotificationSchema.parse(response.json()).idNotification;
  }

  const send = (cookie: string, idNotification: number) =>
    injectAs(t.app, cookie, { ...requestOf(contract.sendNotification), payload: { idNotification } });

  /** What the embedded outbox holds for the school's tokens. */
  async function outboxOf(uai: string) {
    return t.db
      .select({ token: pushOutbox.token, title: pushOutbox.title, body: pushOutbox.body, data: pushOutbox.data })
      .from(pushOutbox)
      .where(sql`${pushOutbox.token} like ${`${uai}-%`}`);
  }

  async function historyItem(cookie: string, idNotification: number) {
    const response = await injectAs(t.app, cookie, requestOf(contract.notificationHistory));
    return contract.historySchema.parse(response.json()).notifications.find((item) => item.idNotification === idNotification);
  }

  const reportOf = async (cookie: string, idNotification: number) =>
    (await historyItem(cookie, idNotification))?.reportNotification;

  /** A scheduler's tick (on any instance): the sends no worker holds are added again, and run. */
  async function takeUpIdleSends() {
    await jobs.scheduler.tick();
    await jobs.queue.idle();
  }

  return {
    get t() {
      return t;
    },
    get jobs() {
      return jobs;
    },
    get cookies() {
      return cookies;
    },
    /** The embedded outbox itself, without the failures. */
    get realOutbox() {
      return realOutbox;
    },
    told,
    controls,
    realtime,
    aSchool,
    saved,
    send,
    outboxOf,
    historyItem,
    reportOf,
    takeUpIdleSends,
  };
}
