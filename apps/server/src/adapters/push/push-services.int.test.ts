// FCM HTTP v1 and Expo's push service, against local fakes that answer as the services document:
// delivery, dead tokens, quotas with Retry-After, a revoked access token, a service away; Expo's
// receipts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeExpo, type FakeExpo } from '#test/fakes/expo-push.js';
import { startFakeFcm, type FakeFcm } from '#test/fakes/fcm.js';
import { createExpoPushSender } from './expo-push.js';
import { createFcmPushSender } from './fcm-push.js';
import { PushUnavailableError, type PushMessage } from './push-sender.js';

const message = (provider: PushMessage['provider'], token: string): PushMessage => ({
  provider,
  token,
  title: 'Sortie au musée',
  body: 'Rendez-vous à 8 h.',
  data: { idNotification: '7', link: 'https://college.example/sortie' },
});
const tokens = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
/** Quick retries: a failing service is given up on in a few milliseconds. */
const quickRetry = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

describe('FCM HTTP v1', () => {
  let fcm: FakeFcm;
  beforeAll(async () => {
    fcm = await startFakeFcm();
  });
  afterAll(() => fcm.close());
  const sender = (concurrency = 4) =>
    createFcmPushSender({
      serviceAccount: fcm.serviceAccount,
      baseUrl: fcm.url,
      concurrency,
      timeoutMs: 10_000,
      retry: quickRetry,
    });

  it('delivers each message with its title, text and data, under one access token', async () => {
    const before = fcm.counts.tokensIssued;
    const outcomes = await sender().send(tokens('deliver', 6).map((token) => message('fcm', token)));
    expect(outcomes).toEqual(Array.from({ length: 6 }, () => ({ status: 'sent' })));
    const received = fcm.received.filter((item) => item.token.startsWith('deliver-'));
    expect(received.map((item) => item.token).sort()).toEqual(tokens('deliver', 6).sort());
    expect(received[0]).toEqual({
      token: expect.any(String),
      title: 'Sortie au musée',
      body: 'Rendez-vous à 8 h.',
      data: { idNotification: '7', link: 'https://college.example/sortie' },
    });
    expect(fcm.counts.tokensIssued - before).toBe(1);
  });

  it('calls an unregistered or malformed token dead, and a refused message failed', async () => {
    fcm.unregistered.add('gone');
    fcm.malformed.add('garbled');
    const tooBig = { ...message('fcm', 'big'), body: 'x'.repeat(5000) };
    const outcomes = await sender().send([message('fcm', 'gone'), message('fcm', 'garbled'), tooBig, message('fcm', 'fine')]);
    expect(outcomes).toEqual([
      { status: 'invalid_token' },
      { status: 'invalid_token' },
      { status: 'failed', reason: 'HTTP 400 INVALID_ARGUMENT' },
      { status: 'sent' },
    ]);
  });

  it('waits out a quota for its Retry-After and delivers every message once', async () => {
    fcm.setQuota({ perWindow: 5, windowMs: 1000 });
    try {
      const quota = createFcmPushSender({
        serviceAccount: fcm.serviceAccount,
        baseUrl: fcm.url,
        concurrency: 4,
        timeoutMs: 10_000,
        retry: { attempts: 6, baseDelayMs: 50, maxDelayMs: 5_000 },
      });
      const tooManyBefore = fcm.counts.tooMany;
      const outcomes = await quota.send(tokens('quota', 12).map((token) => message('fcm', token)));
      expect(outcomes.every((outcome) => outcome.status === 'sent')).toBe(true);
      expect(fcm.counts.tooMany).toBeGreaterThan(tooManyBefore);
      const received = fcm.received.filter((item) => item.token.startsWith('quota-')).map((item) => item.token);
      expect(received.sort()).toEqual(tokens('quota', 12).sort());
    } finally {
      fcm.setQuota(null);
    }
  });

  it('asks a new access token once the old one is refused', async () => {
    const fcmSender = sender();
    await fcmSender.send([message('fcm', 'before-rotation')]);
    const issued = fcm.counts.tokensIssued;
    fcm.revokeAccessTokens();
    expect(await fcmSender.send([message('fcm', 'after-rotation')])).toEqual([{ status: 'sent' }]);
    expect(fcm.counts.tokensIssued).toBe(issued + 1);
  });

  it('throws, handing nothing over, when FCM stays away', async () => {
    fcm.setDown(true);
    try {
      await expect(sender().send(tokens('away', 3).map((token) => message('fcm', token)))).rejects.toBeInstanceOf(
        PushUnavailableError,
      );
      expect(fcm.received.some((item) => item.token.startsWith('away-'))).toBe(false);
    } finally {
      fcm.setDown(false);
    }
  });

  it('throws when the service account is refused its access token', async () => {
    const stranger = await startFakeFcm({ projectId: 'another-project' });
    try {
      // A key the token endpoint does not know: its signature does not verify.
      const wrongKey = { ...fcm.serviceAccount, private_key: stranger.serviceAccount.private_key };
      const refused = createFcmPushSender({ serviceAccount: wrongKey, baseUrl: fcm.url, concurrency: 1, timeoutMs: 10_000 });
      await expect(refused.send([message('fcm', 'never')])).rejects.toBeInstanceOf(PushUnavailableError);
    } finally {
      await stranger.close();
    }
  });
});

describe("Expo's push service", () => {
  let expo: FakeExpo;
  beforeAll(async () => {
    expo = await startFakeExpo({ accessToken: 'expo-secret' });
  });
  afterAll(() => expo.close());
  const sender = (accessToken = 'expo-secret') =>
    createExpoPushSender({ baseUrl: expo.url, accessToken, timeoutMs: 10_000, retry: quickRetry });

  it('sends at most 100 messages a request, and calls DeviceNotRegistered dead', async () => {
    const all = tokens('ExponentPushToken[many', 250).map((token) => `${token}]`);
    expo.unregistered.add(all[120]!);
    expo.requestSizes.length = 0;
    const outcomes = await sender().send(all.map((token) => message('expo', token)));
    expect([...expo.requestSizes].sort((a, b) => b - a)).toEqual([100, 100, 50]);
    expect(outcomes.filter((outcome) => outcome.status === 'sent')).toHaveLength(249);
    expect(outcomes[120]).toEqual({ status: 'invalid_token' });
    expect(expo.received.find((item) => item.to === all[0])).toEqual({
      to: all[0],
      title: 'Sortie au musée',
      body: 'Rendez-vous à 8 h.',
      data: { idNotification: '7', link: 'https://college.example/sortie' },
    });
  });

  it('waits out a 429 and delivers every message once', async () => {
    expo.busyFor(2);
    const before = expo.counts.tooMany;
    const all = tokens('ExponentPushToken[busy', 3).map((token) => `${token}]`);
    const outcomes = await createExpoPushSender({
      baseUrl: expo.url,
      accessToken: 'expo-secret',
      timeoutMs: 10_000,
      retry: { attempts: 4, baseDelayMs: 50, maxDelayMs: 2_000 },
    }).send(all.map((token) => message('expo', token)));
    expect(outcomes).toEqual(all.map(() => ({ status: 'sent', receipt: expect.stringMatching(/^ticket-/) })));
    expect(expo.counts.tooMany - before).toBe(2);
    expect(expo.received.filter((item) => all.includes(item.to))).toHaveLength(3);
  });

  it('counts a refused request failed, and throws when Expo stays away', async () => {
    expect(await sender('wrong-token').send([message('expo', 'ExponentPushToken[x]')])).toEqual([
      { status: 'failed', reason: 'HTTP 401 UNAUTHORIZED' },
    ]);
    expo.setDown(true);
    try {
      await expect(sender().send([message('expo', 'ExponentPushToken[y]')])).rejects.toBeInstanceOf(PushUnavailableError);
    } finally {
      expo.setDown(false);
    }
  });

  it("answers each accepted message's ticket as its receipt, and asks for receipts 300 at a time", async () => {
    const all = tokens('ExponentPushToken[receipt', 650).map((token) => `${token}]`);
    expo.receiptErrors.set(all[3]!, 'DeviceNotRegistered');
    expo.receiptErrors.set(all[400]!, 'MessageRateExceeded');
    const outcomes = await sender().send(all.map((token) => message('expo', token)));
    const receipts = outcomes.map((outcome) => (outcome.status === 'sent' ? outcome.receipt : undefined));
    expect(receipts.every((receipt) => typeof receipt === 'string')).toBe(true);
    expect(new Set(receipts).size).toBe(650);

    expo.receiptRequestSizes.length = 0;
    const answers = await sender().checkReceipts!('expo', [...(receipts as string[]), 'ticket-never-issued']);
    expect([...expo.receiptRequestSizes].sort((a, b) => b - a)).toEqual([300, 300, 51]);
    expect(answers.size).toBe(650);
    expect(answers.get(receipts[0]!)).toEqual({ status: 'delivered' });
    expect(answers.get(receipts[3]!)).toEqual({ status: 'invalid_token' });
    expect(answers.get(receipts[400]!)).toEqual({ status: 'failed', reason: 'MessageRateExceeded' });
    expect(answers.has('ticket-never-issued')).toBe(false);
  });

  it('answers no receipt not ready yet, waits out a 429, and throws when Expo stays away', async () => {
    const [sent] = await sender().send([message('expo', 'ExponentPushToken[later]')]);
    const receipt = sent?.status === 'sent' ? sent.receipt! : '';
    expo.setReceiptsPending(true);
    try {
      expect((await sender().checkReceipts!('expo', [receipt])).size).toBe(0);
    } finally {
      expo.setReceiptsPending(false);
    }
    expo.busyFor(1);
    const patient = createExpoPushSender({
      baseUrl: expo.url,
      accessToken: 'expo-secret',
      timeoutMs: 10_000,
      retry: { attempts: 4, baseDelayMs: 50, maxDelayMs: 2_000 },
    });
    expect(await patient.checkReceipts!('expo', [receipt])).toEqual(new Map([[receipt, { status: 'delivered' }]]));
    expo.setDown(true);
    try {
      await expect(sender().checkReceipts!('expo', [receipt])).rejects.toBeInstanceOf(PushUnavailableError);
    } finally {
      expo.setDown(false);
    }
  });
});
