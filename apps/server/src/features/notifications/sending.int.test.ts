// Sending a recorded notification (`POST /devices/notifications/massive`) on the job module: who
// may, what reaches the push service (the embedded outbox), the report, the sender's progress,
// and a send that stops part-way and is taken up again without handing a device twice.
import { notifications as contract, type notifications as types } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxPushSender, type PushMessage, type PushOutcome, type PushSender } from '#adapters/push/index.js';
import { devices, notifications, pushOutbox } from '#platform/db/schema/index.js';
import { createInProcessQueue } from '#platform/jobs/job-queue.js';
import { createJobs, type Jobs } from '#platform/jobs/jobs.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers, buildUser } from '#test/factories.js';
import { buildDevice } from '#test/users-factories.js';
import { registerNotificationJobs } from './notifications.jobs.js';
import { giveStaffTheNotificationsView } from './notifications.test-support.js';
import { countSavedAudience } from './audience.repository.js';
import { findSend, markSending } from './sending.repository.js';
import { runNotificationSend, SEND_ATTEMPTS_MAX, type SendDeps } from './sending.service.js';

let t: TestContext;
let jobs: Jobs;
let cookies: Record<'admin' | 'manager' | 'outsider', string>;
let outsiderSchool: string;

/** Every progress event told, by user. */
const told: { userId: number; payload: types.ProgressBar }[] = [];

/**
 * The embedded push service in small batches, which a test may make fail: `fail(batch)` answers,
 * for the n-th batch handed over (from 1), whether the service is away (nothing written), or null
 * to deliver; tokens of `invalidTokens` are refused as invalid.
 */
let fail: (batch: number) => 'away' | null = () => null;
let invalidTokens = new Set<string>();
let batches = 0;
let realOutbox: PushSender;
const push: PushSender = {
  kind: 'outbox',
  batchSize: 2,
  send: async (messages: readonly PushMessage[]): Promise<PushOutcome[]> => {
    batches += 1;
    if (fail(batches) === 'away') throw new Error('push service away');
    const outcomes = await realOutbox.send(messages.filter((message) => !invalidTokens.has(message.token)));
    let index = 0;
    return messages.map((message) => (invalidTokens.has(message.token) ? { status: 'invalid_token' } : outcomes[index++]!));
  },
};

beforeAll(async () => {
  t = await createTestContext();
  realOutbox = createOutboxPushSender(t.db);
  await giveStaffTheNotificationsView(t.db);
  outsiderSchool = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
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
  registerNotificationJobs(jobs, {
    db: t.db,
    push,
    realtime: {
      emitToUser: (userId, event, payload) => {
        if (event === 'progressBar') told.push({ userId, payload: payload as types.ProgressBar });
      },
    },
    log: { error: () => undefined },
  });
  t.app.jobs.bind(jobs.queue);
});
afterEach(async () => {
  // A send a test started and left runs to its end before the next test counts batches.
  await jobs.queue.idle();
  fail = () => null;
  invalidTokens = new Set();
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

async function outboxOf(uai: string) {
  const rows = await t.db
    .select({ token: pushOutbox.token, title: pushOutbox.title, body: pushOutbox.body, data: pushOutbox.data })
    .from(pushOutbox)
    .where(sql`${pushOutbox.token} like ${`${uai}-%`}`);
  return rows;
}

async function historyItem(cookie: string, idNotification: number) {
  const response = await injectAs(t.app, cookie, requestOf(contract.notificationHistory));
  return contract.historySchema.parse(response.json()).notifications.find((item) => item.idNotification === idNotification);
}

async function reportOf(cookie: string, idNotification: number) {
  return (await historyItem(cookie, idNotification))?.reportNotification;
}

/** A scheduler's tick (on any instance): the sends no worker holds are added again, and run. */
async function takeUpIdleSends() {
  await jobs.scheduler.tick();
  await jobs.queue.idle();
}

describe('sending a notification', () => {
  it("hands each live token of the audience to the push service once, reports it and tells the sender's progress", async () => {
    const school = await aSchool(5);
    const id = await saved(school.cookie, school.uai);
    const response = await send(school.cookie, id);
    expect(response.statusCode, response.body).toBe(200);
    // The administrator and the six pupils; five live tokens (not the dead one, nor the device without).
    expect(response.json()).toEqual({ idNotification: id, nbUsers: 7, nbTokens: 5 });
    await jobs.queue.idle();

    const delivered = await outboxOf(school.uai);
    expect(delivered.map((row) => row.token).sort()).toEqual([...school.tokens].sort());
    expect(delivered[0]).toMatchObject({
      title: 'Sortie au musée',
      body: 'Rendez-vous à 8 h.',
      data: { idNotification: String(id), link: 'https://college.example/sortie' },
    });
    const item = await historyItem(school.cookie, id);
    expect(item?.statusNotification).toBe('sent');
    expect(item?.reportNotification).toEqual({ nbUser: 7, nbToken: 5, successCount: 5, failureCount: 0 });
    const progress = told.filter((event) => event.payload.idNotification === id);
    expect(progress.every((event) => event.userId === school.direction.id)).toBe(true);
    expect(progress.at(-1)?.payload).toEqual({
      idNotification: id,
      sent: 5,
      total: 5,
      successCount: 5,
      failureCount: 0,
      status: 'sent',
    });
  });

  it('sends once: a second start is a conflict and delivers nothing more', async () => {
    const school = await aSchool(1);
    const id = await saved(school.cookie, school.uai);
    expect((await send(school.cookie, id)).statusCode).toBe(200);
    expect((await send(school.cookie, id)).statusCode).toBe(409);
    await jobs.queue.idle();
    expect((await send(school.cookie, id)).statusCode).toBe(409);
    expect(await outboxOf(school.uai)).toHaveLength(1);
  });

  it("lets nobody else send a school administrator's notification but an Administrateur", async () => {
    const school = await aSchool(1);
    const id = await saved(school.cookie, school.uai);
    expect((await send(cookies.outsider, id)).statusCode).toBe(404);
    expect((await send(cookies.manager, id)).statusCode).toBe(404);
    expect((await send(school.cookie, 999_999)).statusCode).toBe(404);
    expect((await send(cookies.admin, id)).statusCode).toBe(200);
    await jobs.queue.idle();
    expect(await outboxOf(school.uai)).toHaveLength(1);
  });

  it('ends at once, sent, when the audience has no live token', async () => {
    const school = await aSchool(0);
    const id = await saved(school.cookie, school.uai);
    expect((await send(school.cookie, id)).json()).toMatchObject({ nbTokens: 0 });
    await jobs.queue.idle();
    expect((await historyItem(school.cookie, id))?.statusNotification).toBe('sent');
    expect(told.at(-1)?.payload).toMatchObject({ idNotification: id, sent: 0, total: 0, status: 'sent' });
  });

  it('marks a token the service calls invalid dead, counts it failed, and never targets it again', async () => {
    const school = await aSchool(3);
    invalidTokens = new Set([school.tokens[1]!]);
    const id = await saved(school.cookie, school.uai);
    await send(school.cookie, id);
    await jobs.queue.idle();
    expect(await reportOf(school.cookie, id)).toEqual({ nbUser: 5, nbToken: 3, successCount: 2, failureCount: 1 });
    const [dead] = await t.db.select({ deadAt: devices.deadAt }).from(devices).where(eq(devices.token, school.tokens[1]!));
    expect(dead?.deadAt).toBeInstanceOf(Date);
    const again = await saved(school.cookie, school.uai);
    expect((await send(school.cookie, again)).json()).toMatchObject({ nbTokens: 2 });
  });
});

describe('a send that stops part-way', () => {
  it('is taken up again at its cursor by the next tick, and hands no device twice', async () => {
    const school = await aSchool(5);
    const id = await saved(school.cookie, school.uai);
    // The second batch finds the service away: the first is delivered, the send let go.
    fail = (batch) => (batch === 2 ? 'away' : null);
    await send(school.cookie, id);
    await jobs.queue.idle();
    expect(await outboxOf(school.uai)).toHaveLength(2);
    const [stopped] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(stopped).toMatchObject({ status: 'sending', attempt: 2, leaseUntil: null });

    await takeUpIdleSends();
    const delivered = (await outboxOf(school.uai)).map((row) => row.token);
    expect(delivered.sort()).toEqual([...school.tokens].sort());
    expect(await reportOf(school.cookie, id)).toEqual({ nbUser: 7, nbToken: 5, successCount: 5, failureCount: 0 });
  });

  it('counts a batch in doubt (its worker stopped while handing it over) as failed rather than hand it over twice', async () => {
    const school = await aSchool(5);
    const id = await saved(school.cookie, school.uai);
    const ids = (
      await t.db
        .select({ id: devices.id, token: devices.token })
        .from(devices)
        .where(sql`${devices.token} like ${`${school.uai}-pupil-%`}`)
        .orderBy(devices.id)
    ).map((device) => device.id);
    // A worker recorded the first two devices, handed the next two over and stopped with its
    // instance (the outbox has them; the cursor does not); its lease ran out.
    await realOutbox.send(
      school.tokens
        .slice(0, 4)
        .map((token) => ({ provider: 'fcm', token, title: 'Sortie au musée', body: 'Rendez-vous à 8 h.', data: {} })),
    );
    await t.db.execute(sql`update notifications set status = 'sending', attempt = 1, cursor = ${ids[1]}, claimed_to = ${ids[3]},
      report = '{"nbUser":7,"nbToken":5,"successCount":2,"failureCount":0}'::jsonb,
      lease_until = now() - interval '1 second' where id = ${id}`);
    await takeUpIdleSends();
    const delivered = (await outboxOf(school.uai)).map((row) => row.token);
    expect(delivered.sort()).toEqual([...school.tokens].sort());
    expect(await reportOf(school.cookie, id)).toEqual({ nbUser: 7, nbToken: 5, successCount: 3, failureCount: 2 });
  });

  it('is taken up by another worker once the lease of a stopped one runs out', async () => {
    const school = await aSchool(3);
    const id = await saved(school.cookie, school.uai);
    // A worker took it up and stopped with its instance: its lease ran out a moment ago.
    await t.db.execute(sql`update notifications set status = 'sending', attempt = 1,
      report = '{"nbUser":5,"nbToken":3,"successCount":0,"failureCount":0}'::jsonb,
      lease_until = now() - interval '1 second' where id = ${id}`);
    await takeUpIdleSends();
    expect(await outboxOf(school.uai)).toHaveLength(3);
    expect((await historyItem(school.cookie, id))?.statusNotification).toBe('sent');
  });

  it(`is marked failed after ${SEND_ATTEMPTS_MAX} attempts, and its sender told`, async () => {
    const school = await aSchool(1);
    const id = await saved(school.cookie, school.uai);
    fail = () => 'away';
    await send(school.cookie, id);
    await jobs.queue.idle();
    for (let attempt = 2; attempt <= SEND_ATTEMPTS_MAX; attempt++) {
      await jobs.scheduler.tick();
      await jobs.queue.idle();
    }
    expect((await historyItem(school.cookie, id))?.statusNotification).toBe('failed');
    expect(told.at(-1)?.payload).toMatchObject({ idNotification: id, status: 'failed' });
    expect(await outboxOf(school.uai)).toHaveLength(0);
  });
});

describe('a worker holding a send through a long batch', () => {
  /** A recorded notification marked being sent, with no job: the test runs the send itself. */
  async function aSendToRun(pupils: number) {
    const school = await aSchool(pupils);
    const id = await saved(school.cookie, school.uai);
    await markSending(t.db, id, await countSavedAudience(t.db, (await findSend(t.db, id))!));
    return { school, id };
  }

  /** A push service whose first batch waits for `release`; the later ones go through at once. */
  function aSlowService() {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inFlight: () => void = () => undefined;
    const firstInFlight = new Promise<void>((resolve) => (inFlight = resolve));
    const handed: string[][] = [];
    const service: PushSender = {
      kind: 'outbox',
      batchSize: 2,
      send: async (messages) => {
        handed.push(messages.map((message) => message.token));
        if (handed.length === 1) {
          inFlight();
          await released;
        }
        return realOutbox.send(messages);
      },
    };
    return { service, release, firstInFlight, handed };
  }

  const depsOf = (service: PushSender, extra: Partial<SendDeps> = {}): SendDeps => ({
    db: t.db,
    push: service,
    realtime: {
      emitToUser: (userId, event, payload) => {
        if (event === 'progressBar') told.push({ userId, payload: payload as types.ProgressBar });
      },
    },
    log: { error: () => undefined },
    ...extra,
  });

  const leaseOf = async (id: number) =>
    (await t.db.select({ leaseUntil: notifications.leaseUntil }).from(notifications).where(eq(notifications.id, id)))[0]!
      .leaseUntil;

  it('renews its lease while a batch outlasts it, so no other worker takes the send up meanwhile', async () => {
    const { school, id } = await aSendToRun(3);
    const slow = aSlowService();
    const running = runNotificationSend(depsOf(slow.service, { leaseMs: 400 }), id);
    await slow.firstInFlight;
    const first = (await leaseOf(id))!.getTime();
    // The lease moves on while the batch is still out: renewed, not only at each batch.
    await expect.poll(async () => (await leaseOf(id))!.getTime(), { timeout: 30_000 }).toBeGreaterThan(first + 400);
    await takeUpIdleSends();
    slow.release();
    await running;
    expect(slow.handed.flat().sort()).toEqual([...school.tokens].sort());
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ status: 'sent', attempt: 1, leaseUntil: null });
    expect((await outboxOf(school.uai)).map((delivered) => delivered.token).sort()).toEqual([...school.tokens].sort());
  });

  it('stops without writing or handing more when its lease ran out and another worker took the send over', async () => {
    const { school, id } = await aSendToRun(5);
    const frozen = aSlowService();
    const running = runNotificationSend(depsOf(frozen.service), id);
    await frozen.firstInFlight;
    // The worker froze past its lease: a tick lets the send go, another worker takes it up, counts
    // the batch out (in doubt) failed and sends the rest.
    await t.db.execute(sql`update notifications set lease_until = now() - interval '1 second' where id = ${id}`);
    await takeUpIdleSends();
    const takenOver = await reportOf(school.cookie, id);
    expect(takenOver).toEqual({ nbUser: 7, nbToken: 5, successCount: 3, failureCount: 2 });
    frozen.release();
    await running;
    // The frozen worker handed its one batch and nothing after; the report is the other's.
    expect(frozen.handed).toHaveLength(1);
    expect(await reportOf(school.cookie, id)).toEqual(takenOver);
    const tokens = (await outboxOf(school.uai)).map((delivered) => delivered.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect((await historyItem(school.cookie, id))?.statusNotification).toBe('sent');
  });

  it('keeps telling the sender its progress while a batch is out', async () => {
    const { school, id } = await aSendToRun(3);
    const slow = aSlowService();
    const running = runNotificationSend(depsOf(slow.service), id);
    await slow.firstInFlight;
    const duringBatch = () => told.filter((event) => event.payload.idNotification === id).length;
    await expect.poll(duringBatch, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect(told.filter((event) => event.payload.idNotification === id).map((event) => event.payload.status)).toEqual(
      Array(duringBatch()).fill('sending'),
    );
    slow.release();
    await running;
    expect(told.at(-1)).toEqual({
      userId: school.direction.id,
      payload: { idNotification: id, sent: 3, total: 3, successCount: 3, failureCount: 0, status: 'sent' },
    });
  });
});

describe('a notification to users chosen one by one (the bulk menu)', () => {
  const notify = (cookie: string, body: object) => injectAs(t.app, cookie, { ...requestOf(contract.notifyUsers), payload: body });
  const texts = { title: 'Cantine fermée', message: 'Pas de cantine vendredi.', link: '' };

  it("sends to those users' live tokens only, and the history counts them", async () => {
    const school = await aSchool(3);
    const pupils = await t.db
      .select({ userId: devices.userId, token: devices.token })
      .from(devices)
      .where(sql`${devices.token} like ${`${school.uai}-pupil-%`}`)
      .orderBy(devices.id);
    const [first, second] = pupils;
    const gone = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: school.uai, disabled: true });
    await buildDevice(t.db, gone, { token: `${school.uai}-disabled` });
    const manager = await buildUser(t.db, t.env.encryptionKey, { profile: 'Gestionnaire', managedSchools: [school.uai] });
    const cookie = await signIn(t.app, manager.login, manager.password);

    const response = await notify(cookie, { ids: [first!.userId, second!.userId, gone.id], ...texts });
    expect(response.statusCode, response.body).toBe(200);
    const { idNotification } = contract.sendingStartedSchema.parse(response.json());
    expect(response.json()).toEqual({ idNotification, nbUsers: 2, nbTokens: 2 });
    await jobs.queue.idle();

    const delivered = await outboxOf(school.uai);
    expect(delivered.map((row) => row.token).sort()).toEqual([first!.token, second!.token].sort());
    expect(delivered[0]).toMatchObject({ title: 'Cantine fermée', body: 'Pas de cantine vendredi.' });
    const item = await historyItem(cookie, idNotification);
    expect(item?.parametersNotification).toMatchObject({ arrayUai: [school.uai], userCount: 3 });
    expect(item?.reportNotification).toEqual({ nbUser: 2, nbToken: 2, successCount: 2, failureCount: 0 });
    expect(item?.statusNotification).toBe('sent');
  });

  it('refuses a user out of reach (nothing recorded), a caller without the right, and texts missing', async () => {
    const school = await aSchool(1);
    const [pupil] = await t.db
      .select({ userId: devices.userId })
      .from(devices)
      .where(sql`${devices.token} like ${`${school.uai}-pupil-%`}`);
    const before = await t.db.select({ id: notifications.id }).from(notifications);
    // A Gestionnaire of another school: the pupil is out of reach.
    expect((await notify(cookies.manager, { ids: [pupil!.userId], ...texts })).statusCode).toBe(404);
    // A school administrator: no bulk notification by default.
    expect((await notify(school.cookie, { ids: [pupil!.userId], ...texts })).statusCode).toBe(403);
    const empty = await notify(cookies.admin, { ids: [pupil!.userId], ...texts, title: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(contract.TITLE_REQUIRED);
    expect(await t.db.select({ id: notifications.id }).from(notifications)).toHaveLength(before.length);
    expect(await outboxOf(school.uai)).toHaveLength(0);
  });
});
