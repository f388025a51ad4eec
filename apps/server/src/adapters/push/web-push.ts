import { z } from 'zod';
import { createKeepAliveClient, parseJson } from './keep-alive-client.js';
import { createRetrier, DEFAULT_RETRY, mapWithConcurrency, type RetryPolicy } from './push-http.js';
import { throwIfNoneReached, type PushMessage, type PushOutcome, type PushSender } from './push-sender.js';
import { encryptPayload, PAYLOAD_MAX_BYTES, vapidAuthorization, vapidSigningKey, type VapidKeys } from './web-push-crypto.js';

export type WebPushOptions = {
  vapid: VapidKeys;
  /** The server's contact for the push services (RFC 8292 `sub`): a `mailto:` or `https:` address. */
  subject: string;
  /**
   * The push services a subscription's endpoint may be on: host names (`*.` for any sub-domain),
   * reached over https; or a whole origin (a fake in tests). An endpoint elsewhere is never posted
   * to — any signed-in user registers their own device, and the server must not be made to POST
   * wherever they say — and its subscription counts as dead.
   */
  endpoints: readonly string[];
  /** Requests in flight at once during a send (Web Push takes one message a request). */
  concurrency: number;
  timeoutMs: number;
  retry?: RetryPolicy;
  /** How long a push service keeps a message for a device that is off (the `TTL` header, seconds). */
  ttlSeconds?: number;
};

/** A device's Web Push token: the subscription's JSON as the browser gives it (`PushSubscription.toJSON()`). */
const subscriptionSchema = z.object({
  endpoint: z.url(),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});

const TTL_SECONDS = 86_400;
/** A VAPID JWT is kept this long for an origin, and made valid twice as long (RFC 8292 allows 24 hours). */
const JWT_REUSE_MS = 6 * 3_600_000;

/** Whether an endpoint is on one of the allowed push services. */
export function isAllowedEndpoint(endpoint: URL, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    if (entry.includes('://')) return endpoint.origin === new URL(entry).origin;
    if (endpoint.protocol !== 'https:') return false;
    return entry.startsWith('*.') ? endpoint.hostname.endsWith(entry.slice(1)) : endpoint.hostname === entry;
  });
}

/**
 * Web Push (RFC 8030, 8291, 8292): each message POSTed to its subscription's endpoint, the payload
 * (`{title, body, data}` as JSON) encrypted for it, VAPID-signed for the endpoint's origin; a
 * connection pool per push service. 201 (or any 2xx) is delivered; 404 and 410 say the
 * subscription is gone (dead); 429 pauses every request for its Retry-After, 5xx and no answer are
 * tried again with backoff. A token that is not a subscription, or one on a push service not
 * allowed, is dead without a request.
 */
export function createWebPushSender(options: WebPushOptions): PushSender {
  const attempt = createRetrier(options.retry ?? DEFAULT_RETRY);
  const signingKey = vapidSigningKey(options.vapid);
  const clients = new Map<string, ReturnType<typeof createKeepAliveClient>>();
  const authorizations = new Map<string, { header: string; until: number }>();

  const authorizationFor = (origin: string): string => {
    const now = Date.now();
    const kept = authorizations.get(origin);
    if (kept && kept.until > now) return kept.header;
    const header = vapidAuthorization(signingKey, options.vapid.publicKey, {
      audience: origin,
      subject: options.subject,
      expiresAt: Math.floor((now + 2 * JWT_REUSE_MS) / 1000),
    });
    authorizations.set(origin, { header, until: now + JWT_REUSE_MS });
    return header;
  };

  const clientFor = (endpoint: URL) => {
    let client = clients.get(endpoint.origin);
    if (!client) {
      client = createKeepAliveClient(endpoint.origin, { maxSockets: options.concurrency, timeoutMs: options.timeoutMs });
      clients.set(endpoint.origin, client);
    }
    return client;
  };

  const sendOne = async (message: PushMessage): Promise<PushOutcome> => {
    const subscription = subscriptionSchema.safeParse(parseJson(message.token));
    if (!subscription.success) return { status: 'invalid_token' };
    const endpoint = new URL(subscription.data.endpoint);
    if (!isAllowedEndpoint(endpoint, options.endpoints)) return { status: 'invalid_token' };
    const payload = Buffer.from(JSON.stringify({ title: message.title, body: message.body, data: message.data }));
    if (payload.length > PAYLOAD_MAX_BYTES) return { status: 'failed', reason: 'payload too big for Web Push' };
    const client = clientFor(endpoint);
    const path = `${endpoint.pathname}${endpoint.search}`;
    const result = await attempt(() =>
      client.post(
        {
          authorization: authorizationFor(endpoint.origin),
          'content-encoding': 'aes128gcm',
          'content-type': 'application/octet-stream',
          ttl: String(options.ttlSeconds ?? TTL_SECONDS),
          urgency: 'normal',
        },
        // Encrypted anew at each try: a salt and a key pair are never used twice.
        encryptPayload(payload, subscription.data.keys),
        path,
      ),
    );
    if ('unreachable' in result) return { status: 'failed', reason: result.unreachable };
    const { status, text } = result.answer;
    if (status >= 200 && status < 300) return { status: 'sent' };
    if (status === 404 || status === 410) return { status: 'invalid_token' };
    return { status: 'failed', reason: `HTTP ${status} ${text.slice(0, 200)}`.trim() };
  };

  return {
    kind: 'webpush',
    batchSize: 500,
    send: async (messages) => throwIfNoneReached(await mapWithConcurrency(messages, options.concurrency, sendOne), 'Web Push'),
  };
}
