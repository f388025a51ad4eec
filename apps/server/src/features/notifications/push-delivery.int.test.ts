// A notification sent through the real push services' adapters (FCM HTTP v1, Expo and Web Push,
// configured as an operator would) to local fakes that answer as the services document: each
// token to its service, the rest to the embedded outbox, dead tokens marked, a quota waited out.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { notifications as contract, type notifications as types } from '@console/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender } from '#adapters/push/index.js';
import { devices, pushOutbox } from '#platform/db/schema/index.js';
import { createInProcessQueue } from '#platform/jobs/job-queue.js';
import { createJobs, type Jobs } from '#platform/jobs/jobs.js';
import { createTestContext, createTestEnv, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildSchool, buildUser } from '#test/factories.js';
import { startFakeExpo, type FakeExpo } from '#test/fakes/expo-push.js';
import { startFakeFcm, type FakeFcm } from '#test/fakes/fcm.js';
import { startFakeWebPush } from '#test/fakes/web-push.js';
import { generateVapidKeys } from '#adapters/push/web-push-crypto.js';
import { buildDevice } from '#test/users-factories.js';
import { registerNotificationJobs } from './notifications.jobs.js';
import { giveStaffTheNotificationsView } from './notifications.test-support.js';
import { countSavedAudience } from './audience.repository.js';
import { findSend, markSending } from './sending.repository.js';
import { runNotificationSend } from './sending.service.js';

let t: TestContext;
let jobs: Jobs;
let fcm: FakeFcm;
let expo: FakeExpo;
const told: types.ProgressBar[] = [];

beforeAll(async () => {
  t = await createTestContext();
  await giveStaffTheNotificationsView(t.db);
  fcm = await startFakeFcm();
  expo = await startFakeExpo();
  const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'push-')), 'service-account.json');
  writeFileSync(keyFile, JSON.stringify(fcm.serviceAccount));
  const env = createTestEnv({
    PUSH_FCM_SERVICE_ACCOUNT_FILE: keyFile,
    PUSH_FCM_URL: fcm.url,
    PUSH_EXPO_ENABLED: 'true',
    PUSH_EXPO_URL: expo.url,
  });
  const log = { error: () => undefined };
  jobs = await createJobs({ REDIS_URL: undefined }, log, { queue: createInProcessQueue(log) });
  registerNotificationJobs(jobs, {
    db: t.db,
    push: createPushSender(env, t.db),
    realtime: {
      emitToUser: (_userId, event, payload) => {
        if (event === 'progressBar') told.push(payload as types.ProgressBar);
      },
    },
    log,
  });
  t.app.jobs.bind(jobs.queue);
});
afterAll(async () => {
  await jobs.stop();
  await Promise.all([fcm.close(), expo.close()]);
  await t.close();
});

/** A school whose pupils hold the tokens given (one pupil each), its administrator signed in. */
async function aSchool(tokens: { token: string; provider: 'fcm' | 'expo' | 'webpush' }[]) {
  const uai = (await buildSchool(t.db)).uai;
  const direction = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur établissement', uai });
  for (const device of tokens) {
    const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai });
    await buildDevice(t.db, pupil, device);
  }
  return { uai, cookie: await signIn(t.app, direction.login, direction.password) };
}

async function sendTo(school: { uai: string; cookie: string }) {
  const saved = await injectAs(t.app, school.cookie, {
    ...requestOf(contract.saveNotification),
    payload: { arrayUai: [school.uai], title: 'Sortie au musée', bodyInput: 'Rendez-vous à 8 h.' },
  });
  const { idNotification } = contract.savedNotificationSchema.parse(saved.json());
  const started = await injectAs(t.app, school.cookie, { ...requestOf(contract.sendNotification), payload: { idNotification } });
  expect(started.statusCode, started.body).toBe(200);
  await jobs.queue.idle();
  return idNotification;
}

async function reportOf(cookie: string, idNotification: number) {
  const history = await injectAs(t.app, cookie, requestOf(contract.notificationHistory));
  return contract.historySchema.parse(history.json()).notifications.find((item) => item.idNotification === idNotification)
    ?.reportNotification;
}

describe('sending through FCM and Expo', () => {
  it('hands each token to its service, the others to the outbox, and marks the dead ones', async () => {
    const stamp = Date.now();
    const fcmTokens = [`fcm-${stamp}-a`, `fcm-${stamp}-b`, `fcm-${stamp}-gone`];
    const expoTokens = [`ExponentPushToken[${stamp}a]`, `ExponentPushToken[${stamp}gone]`];
    const webPush = JSON.stringify({ endpoint: `https://push.example/${stamp}`, keys: { p256dh: 'k', auth: 'a' } });
    fcm.unregistered.add(fcmTokens[2]!);
    expo.unregistered.add(expoTokens[1]!);
    const school = await aSchool([
      ...fcmTokens.map((token) => ({ token, provider: 'fcm' as const })),
      ...expoTokens.map((token) => ({ token, provider: 'expo' as const })),
      { token: webPush, provider: 'webpush' },
    ]);
    const id = await sendTo(school);

    expect(
      fcm.received
        .filter((item) => item.token.startsWith(`fcm-${stamp}`))
        .map((item) => item.token)
        .sort(),
    ).toEqual(fcmTokens.slice(0, 2));
    expect(fcm.received.find((item) => item.token === fcmTokens[0])).toMatchObject({
      title: 'Sortie au musée',
      body: 'Rendez-vous à 8 h.',
      data: { idNotification: String(id), link: '' },
    });
    expect(expo.received.filter((item) => item.to.includes(String(stamp))).map((item) => item.to)).toEqual([expoTokens[0]]);
    const outbox = await t.db.select({ token: pushOutbox.token }).from(pushOutbox).where(eq(pushOutbox.token, webPush));
    expect(outbox).toHaveLength(1);
    const dead = await t.db
      .select({ token: devices.token })
      .from(devices)
      .where(sql`${devices.deadAt} is not null and ${inArray(devices.token, [...fcmTokens, ...expoTokens])}`);
    expect(dead.map((device) => device.token).sort()).toEqual([fcmTokens[2], expoTokens[1]].sort());
    // The administrator and six pupils; six tokens, four accepted.
    expect(await reportOf(school.cookie, id)).toEqual({ nbUser: 7, nbToken: 6, successCount: 4, failureCount: 2 });
  });

  it("waits out FCM's quota: every token once, progress told on the way", async () => {
    const stamp = Date.now();
    const fcmTokens = Array.from({ length: 30 }, (_, index) => `quota-${stamp}-${index}`);
    const school = await aSchool(fcmTokens.map((token) => ({ token, provider: 'fcm' as const })));
    fcm.setQuota({ perWindow: 10, windowMs: 1000 });
    const tooManyBefore = fcm.counts.tooMany;
    told.length = 0;
    try {
      const id = await sendTo(school);
      const received = fcm.received.filter((item) => item.token.startsWith(`quota-${stamp}`)).map((item) => item.token);
      expect(received.sort()).toEqual([...fcmTokens].sort());
      expect(fcm.counts.tooMany).toBeGreaterThan(tooManyBefore);
      expect(await reportOf(school.cookie, id)).toEqual({ nbUser: 31, nbToken: 30, successCount: 30, failureCount: 0 });
      const mine = told.filter((event) => event.idNotification === id);
      expect(mine.at(-1)).toMatchObject({ sent: 30, total: 30, status: 'sent' });
    } finally {
      fcm.setQuota(null);
    }
  });
});

describe('sending through Web Push', () => {
  it('posts each subscription to its push service, the other tokens to the outbox, and marks the dead ones', async () => {
    const service = await startFakeWebPush();
    const vapid = generateVapidKeys();
    try {
      const push = createPushSender(
        createTestEnv({
          PUSH_WEBPUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
          PUSH_WEBPUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
          PUSH_WEBPUSH_SUBJECT: 'mailto:support@ent.example',
          PUSH_WEBPUSH_ENDPOINTS: `web.push.apple.com,${service.origin}`,
        }),
        t.db,
      );
      const [first, second, gone] = [service.subscribe(), service.subscribe(), service.subscribe()];
      service.unsubscribe(gone!.id);
      const elsewhere = JSON.stringify({ endpoint: `https://push.example/${Date.now()}`, keys: { p256dh: 'k', auth: 'a' } });
      const fcmToken = `fcm-outbox-${Date.now()}`;
      const school = await aSchool([
        ...[first!, second!, gone!].map((subscription) => ({ token: subscription.token, provider: 'webpush' as const })),
        { token: elsewhere, provider: 'webpush' },
        { token: fcmToken, provider: 'fcm' },
      ]);
      const saved = await injectAs(t.app, school.cookie, {
        ...requestOf(contract.saveNotification),
        payload: { arrayUai: [school.uai], title: 'Sortie au musée', bodyInput: 'Rendez-vous à 8 h.' },
      });
      const { idNotification } = contract.savedNotificationSchema.parse(saved.json());
      await markSending(t.db, idNotification, await countSavedAudience(t.db, (await findSend(t.db, idNotification))!));
      await runNotificationSend(
        { db: t.db, push, realtime: { emitToUser: () => undefined }, log: { error: () => undefined } },
        idNotification,
      );

      expect(service.received.map((item) => item.id).sort()).toEqual([first!.id, second!.id].sort());
      expect(service.received[0]?.payload).toEqual({
        title: 'Sortie au musée',
        body: 'Rendez-vous à 8 h.',
        data: { idNotification: String(idNotification), link: '' },
      });
      expect(await t.db.select({ token: pushOutbox.token }).from(pushOutbox).where(eq(pushOutbox.token, fcmToken))).toHaveLength(
        1,
      );
      const dead = await t.db
        .select({ token: devices.token })
        .from(devices)
        .where(sql`${devices.deadAt} is not null and ${inArray(devices.token, [gone!.token, elsewhere, first!.token])}`);
      expect(dead.map((device) => device.token).sort()).toEqual([gone!.token, elsewhere].sort());
      expect(await reportOf(school.cookie, idNotification)).toEqual({ nbUser: 6, nbToken: 5, successCount: 3, failureCount: 2 });
    } finally {
      await service.close();
    }
  });

  it('stops the start on VAPID keys set by halves, not a pair, or without a subject', () => {
    const vapid = generateVapidKeys();
    const pushOf = (variables: Record<string, string>) => () => createPushSender(createTestEnv(variables), t.db);
    expect(pushOf({ PUSH_WEBPUSH_VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(/go together/);
    expect(pushOf({ PUSH_WEBPUSH_VAPID_PUBLIC_KEY: vapid.publicKey, PUSH_WEBPUSH_VAPID_PRIVATE_KEY: vapid.privateKey })).toThrow(
      /PUSH_WEBPUSH_SUBJECT is needed/,
    );
    expect(
      pushOf({
        PUSH_WEBPUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
        PUSH_WEBPUSH_VAPID_PRIVATE_KEY: generateVapidKeys().privateKey,
        PUSH_WEBPUSH_SUBJECT: 'mailto:support@ent.example',
      }),
    ).toThrow(/PUSH_WEBPUSH_VAPID_\*: the VAPID public key is not that of the private key/);
  });
});
