// Web Push (RFC 8030, 8291, 8292) against a local fake push service that checks VAPID and
// decrypts each payload with http_ece, the reference implementation: delivery, gone
// subscriptions, subscriptions the server must not post to, a quota with Retry-After, a service away.
import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWebPush, type FakeWebPush } from '#test/fakes/web-push.js';
import { PushUnavailableError, type PushMessage } from './push-sender.js';
import { generateVapidKeys, vapidSigningKey } from './web-push-crypto.js';
import { createWebPushSender, isAllowedEndpoint } from './web-push.js';

let service: FakeWebPush;
const vapid = generateVapidKeys();

beforeAll(async () => {
  service = await startFakeWebPush();
});
afterAll(() => service.close());

const message = (token: string, body = 'Rendez-vous à 8 h.'): PushMessage => ({
  provider: 'webpush',
  token,
  title: 'Sortie au musée',
  body,
  data: { idNotification: '7', link: 'https://college.example/sortie' },
});
const sender = () =>
  createWebPushSender({
    vapid,
    subject: 'mailto:support@ent.example',
    endpoints: [service.origin],
    concurrency: 4,
    timeoutMs: 10_000,
    retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
  });

describe('Web Push', () => {
  it('delivers each message encrypted for its subscription, signed with the VAPID key', async () => {
    const subscriptions = [service.subscribe(), service.subscribe(), service.subscribe()];
    const outcomes = await sender().send(subscriptions.map((subscription) => message(subscription.token)));
    expect(outcomes).toEqual(Array(3).fill({ status: 'sent' }));
    const received = service.received.filter((item) => subscriptions.some((subscription) => subscription.id === item.id));
    expect(received.map((item) => item.id).sort()).toEqual(subscriptions.map((subscription) => subscription.id).sort());
    expect(received[0]).toMatchObject({
      payload: {
        title: 'Sortie au musée',
        body: 'Rendez-vous à 8 h.',
        data: { idNotification: '7', link: 'https://college.example/sortie' },
      },
      ttl: '86400',
      urgency: 'normal',
    });
    expect([...service.vapidKeys]).toEqual([vapid.publicKey]);
    expect(service.counts.refused).toBe(0);
  });

  it('calls a gone subscription dead, and one it must not post to dead without a request', async () => {
    const gone = service.subscribe();
    service.unsubscribe(gone.id);
    const live = service.subscribe();
    const elsewhere = JSON.stringify({ endpoint: 'http://169.254.169.254/latest/meta-data', keys: { p256dh: 'a', auth: 'b' } });
    const requestsBefore = service.counts.requests;
    const outcomes = await sender().send([
      message(gone.token),
      message('not a subscription'),
      message(elsewhere),
      message(JSON.stringify({ endpoint: `${service.origin}/push/x` })),
      message(live.token),
    ]);
    expect(outcomes).toEqual([
      { status: 'invalid_token' },
      { status: 'invalid_token' },
      { status: 'invalid_token' },
      { status: 'invalid_token' },
      { status: 'sent' },
    ]);
    // Only the gone subscription and the live one were posted.
    expect(service.counts.requests - requestsBefore).toBe(2);
  });

  it('refuses a payload too big for one record without posting it', async () => {
    const subscription = service.subscribe();
    const requestsBefore = service.counts.requests;
    const [outcome] = await sender().send([message(subscription.token, 'x'.repeat(4000))]);
    expect(outcome).toEqual({ status: 'failed', reason: 'payload too big for Web Push' });
    expect(service.counts.requests).toBe(requestsBefore);
  });

  it('waits out a 429 and delivers, and throws when the service stays away', async () => {
    const subscription = service.subscribe();
    service.setTooMany(1, 1);
    expect(await sender().send([message(subscription.token)])).toEqual([{ status: 'sent' }]);
    expect(service.counts.tooMany).toBeGreaterThanOrEqual(1);
    service.setDown(true);
    try {
      await expect(sender().send([message(subscription.token)])).rejects.toBeInstanceOf(PushUnavailableError);
    } finally {
      service.setDown(false);
    }
  });
});

describe('VAPID keys and endpoints', () => {
  it('refuses keys that are not a pair', () => {
    const other = generateVapidKeys();
    expect(() => vapidSigningKey({ publicKey: vapid.publicKey, privateKey: other.privateKey })).toThrow(
      /not that of the private key/,
    );
    expect(() => vapidSigningKey({ publicKey: 'abc', privateKey: vapid.privateKey })).toThrow(/P-256 point/);
    expect(() => vapidSigningKey({ publicKey: vapid.publicKey, privateKey: Buffer.alloc(33, 1).toString('base64url') })).toThrow(
      /not 32 bytes/,
    );
  });

  it('makes every private key on 32 bytes, and takes one printed without its leading zero bytes', () => {
    // One key in 256 starts with a zero byte, which Node's getPrivateKey drops (seen: a test's key refused as "not 32 bytes").
    const lengths = new Set(Array.from({ length: 3000 }, () => Buffer.from(generateVapidKeys().privateKey, 'base64url').length));
    expect([...lengths]).toEqual([32]);
    const newPair = () => {
      const pair = createECDH('prime256v1');
      pair.generateKeys();
      return pair;
    };
    let ecdh = newPair();
    while (ecdh.getPrivateKey().length === 32) ecdh = newPair();
    const publicKey = ecdh.getPublicKey('base64url');
    const short = ecdh.getPrivateKey();
    const padded = Buffer.concat([Buffer.alloc(32 - short.length), short]);
    const fromShort = vapidSigningKey({ publicKey, privateKey: short.toString('base64url') }).export({ format: 'jwk' });
    const fromPadded = vapidSigningKey({ publicKey, privateKey: padded.toString('base64url') }).export({ format: 'jwk' });
    expect(fromShort.d).toBe(padded.toString('base64url'));
    expect(fromShort).toEqual(fromPadded);
  });

  it('allows https endpoints on the listed push services, and whole origins as listed', () => {
    const allowed = ['fcm.googleapis.com', '*.notify.windows.com', 'http://127.0.0.1:4000'];
    expect(isAllowedEndpoint(new URL('https://fcm.googleapis.com/fcm/send/abc'), allowed)).toBe(true);
    expect(isAllowedEndpoint(new URL('https://wns2-par02p.notify.windows.com/w/?token=x'), allowed)).toBe(true);
    expect(isAllowedEndpoint(new URL('http://127.0.0.1:4000/push/1'), allowed)).toBe(true);
    expect(isAllowedEndpoint(new URL('http://fcm.googleapis.com/fcm/send/abc'), allowed)).toBe(false);
    expect(isAllowedEndpoint(new URL('https://fcm.googleapis.com.evil.example/x'), allowed)).toBe(false);
    expect(isAllowedEndpoint(new URL('https://evilnotify.windows.com/x'), allowed)).toBe(false);
    expect(isAllowedEndpoint(new URL('http://127.0.0.1:4001/push/1'), allowed)).toBe(false);
  });
});
