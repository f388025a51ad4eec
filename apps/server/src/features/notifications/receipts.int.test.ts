// Expo's receipts, through the real Expo adapter and a local fake of Expo's service: recorded
// with each accepted message, asked for once due by the receipts job, a device gone marked dead,
// a failed message moved to the failures; a receipt not ready asked for again, then given up.
import { notifications as contract } from '@console/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender } from '#adapters/push/index.js';
import { devices, pushReceipts } from '#platform/db/schema/index.js';
import { createInProcessQueue } from '#platform/jobs/job-queue.js';
import { createJobs, type Jobs } from '#platform/jobs/jobs.js';
import { createTestContext, createTestEnv, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildSchool, buildUser } from '#test/factories.js';
import { startFakeExpo, type FakeExpo } from '#test/fakes/expo-push.js';
import { buildDevice } from '#test/users-factories.js';
import { registerNotificationJobs } from './notifications.jobs.js';
import { giveStaffTheNotificationsView } from './notifications.test-support.js';
import { RECEIPT_TIMING } from './receipts.service.js';

let t: TestContext;
let jobs: Jobs;
let expo: FakeExpo;
const failures: unknown[] = [];
/** The scheduler's clock moves a minute at each tick: each tick may add a receipts job of its own. */
let minutes = 0;

beforeAll(async () => {
  t = await createTestContext();
  await giveStaffTheNotificationsView(t.db);
  expo = await startFakeExpo();
  const env = createTestEnv({ PUSH_EXPO_ENABLED: 'true', PUSH_EXPO_URL: expo.url });
  const log = { error: (context: unknown) => void failures.push(context) };
  jobs = await createJobs({ REDIS_URL: undefined }, log, {
    queue: createInProcessQueue(log),
    clock: () => new Date(Date.now() + ++minutes * 60_000),
  });
  registerNotificationJobs(jobs, { db: t.db, push: createPushSender(env, t.db), realtime: { emitToUser: () => undefined }, log });
  t.app.jobs.bind(jobs.queue);
});
afterAll(async () => {
  await jobs.stop();
  await expo.close();
  await t.close();
});

/** Sends a notification to a school of its own whose pupils hold these Expo tokens (one each): its id and the school's cookie. */
async function sentTo(tokens: string[]) {
  const uai = (await buildSchool(t.db)).uai;
  const direction = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai });
  for (const token of tokens)
    await buildDevice(t.db, await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai }), { token, provider: 'expo' });
  const cookie = await signIn(t.app, direction.login, direction.password);
  const saved = await injectAs(t.app, cookie, {
    ...requestOf(contract.saveNotification),
    payload: { arrayUai: [uai], title: 'Sortie au musée', bodyInput: 'Rendez-vous à 8 h.' },
  });
  const { idNotification } = contract.savedNotificationSchema.parse(saved.json());
  const started = await injectAs(t.app, cookie, { ...requestOf(contract.sendNotification), payload: { idNotification } });
  expect(started.statusCode, started.body).toBe(200);
  await jobs.queue.idle();
  return { id: idNotification, cookie };
}

async function reportOf(cookie: string, idNotification: number) {
  const history = await injectAs(t.app, cookie, requestOf(contract.notificationHistory));
  return contract.historySchema.parse(history.json()).notifications.find((item) => item.idNotification === idNotification)
    ?.reportNotification;
}

const receiptsOf = (id: number) =>
  t.db
    .select({ token: pushReceipts.token, checkAfter: pushReceipts.checkAfter })
    .from(pushReceipts)
    .where(eq(pushReceipts.notificationId, id));

/** Time passes: the notification's receipts are due (and, with `expired`, kept by Expo no more). */
async function letTimePass(id: number, expired = false) {
  await t.db.execute(sql`update push_receipts set check_after = now() - interval '1 second',
    expires_at = case when ${expired} then now() - interval '1 second' else expires_at end where notification_id = ${id}`);
}

/** A scheduler's tick, and the jobs it added run. */
async function tick() {
  await jobs.scheduler.tick();
  await jobs.queue.idle();
}

const deadOf = async (tokens: string[]) =>
  (
    await t.db
      .select({ token: devices.token })
      .from(devices)
      .where(sql`${devices.deadAt} is not null and ${inArray(devices.token, tokens)}`)
  ).map((device) => device.token);

describe("Expo's receipts", () => {
  it('are asked for once due: a device gone is marked dead (unless registered since), a failed message counted failed, every receipt dropped', async () => {
    const stamp = Date.now();
    const [fine, gone, refused, renewed] = ['fine', 'gone', 'refused', 'renewed'].map(
      (name) => `ExponentPushToken[${stamp}${name}]`,
    );
    expo.receiptErrors.set(gone!, 'DeviceNotRegistered');
    expo.receiptErrors.set(refused!, 'MessageRateExceeded');
    expo.receiptErrors.set(renewed!, 'DeviceNotRegistered');
    const { id, cookie } = await sentTo([fine!, gone!, refused!, renewed!]);
    // Expo accepted all four: the report says so until the receipts say otherwise.
    expect(await reportOf(cookie, id)).toEqual({ nbUser: 5, nbToken: 4, successCount: 4, failureCount: 0 });
    const recorded = await receiptsOf(id);
    expect(recorded.map((receipt) => receipt.token).sort()).toEqual([fine, gone, refused, renewed].sort());
    // One app registered its token again after the send: it believes it good, and is believed.
    await t.db.execute(sql`update devices set modified_at = now() + interval '1 second' where token = ${renewed}`);
    const firstCheck = Date.now() + RECEIPT_TIMING.firstCheckMs - 60_000;
    expect(recorded.every((receipt) => receipt.checkAfter.getTime() > firstCheck)).toBe(true);

    // Not due yet: Expo is not asked.
    const asked = expo.receiptRequestSizes.length;
    await tick();
    expect(expo.receiptRequestSizes.length).toBe(asked);
    expect(await receiptsOf(id)).toHaveLength(4);

    await letTimePass(id);
    await tick();
    expect(await receiptsOf(id)).toEqual([]);
    expect(await deadOf([fine!, gone!, refused!, renewed!])).toEqual([gone]);
    expect(await reportOf(cookie, id)).toEqual({ nbUser: 5, nbToken: 4, successCount: 1, failureCount: 3 });
  });

  it('asks again later for a receipt not ready, keeps them while Expo is away, and gives up once they expire', async () => {
    const stamp = Date.now();
    const tokens = ['a', 'b'].map((name) => `ExponentPushToken[${stamp}${name}]`);
    expo.receiptErrors.set(tokens[1]!, 'DeviceNotRegistered');
    const { id, cookie } = await sentTo(tokens);
    expo.setReceiptsPending(true);
    try {
      await letTimePass(id);
      await tick();
      const waiting = await receiptsOf(id);
      expect(waiting).toHaveLength(2);
      const nextCheck = Date.now() + RECEIPT_TIMING.retryMs - 60_000;
      expect(waiting.every((receipt) => receipt.checkAfter.getTime() > nextCheck)).toBe(true);

      await letTimePass(id);
      expo.setDown(true);
      failures.length = 0;
      await tick();
      expect(await receiptsOf(id)).toHaveLength(2);
      expect(failures).not.toHaveLength(0);
      expo.setDown(false);

      await letTimePass(id, true);
      await tick();
      expect(await receiptsOf(id)).toEqual([]);
    } finally {
      expo.setDown(false);
      expo.setReceiptsPending(false);
    }
    // Given up unanswered: nothing is known against the device or the report.
    expect(await deadOf(tokens)).toEqual([]);
    expect(await reportOf(cookie, id)).toEqual({ nbUser: 3, nbToken: 2, successCount: 2, failureCount: 0 });
  });
});
