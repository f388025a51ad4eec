import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeFake, listenFake } from './http-fake.js';

/**
 * A local fake of a Web Push service (RFC 8030) as a browser's push service answers a server
 * (docs/external-formats.md §7). `subscribe()` makes a subscription as a browser would (a P-256
 * key pair and an auth secret of its own, an endpoint on this fake) and answers its JSON, the
 * token a device registers. `POST /push/{id}`:
 * - 401 without `Authorization: vapid t=…, k=…`, 403 when the JWT is not ES256-signed by `k`, its
 *   `aud` is not this origin, its `exp` is past or more than 24 hours ahead, or `sub` is not a
 *   `mailto:` or `https:` address (RFC 8292);
 * - 400 without a `TTL` header or without `Content-Encoding: aes128gcm`, or when the body does not
 *   decrypt with the subscription's keys — decrypted by `http_ece`, the reference implementation of
 *   RFC 8188/8291, not by the console's code;
 * - 410 for a subscription unknown or `unsubscribe`d; 429 with Retry-After while `tooMany` > 0
 *   (each 429 counts it down); 503 while `down`;
 * - 201 with a Location, the decrypted payload kept in `received`.
 */
export type FakeWebPush = {
  origin: string;
  subscribe: () => { id: string; token: string };
  unsubscribe: (id: string) => void;
  received: { id: string; payload: unknown; ttl: string; urgency: string | undefined }[];
  /** The VAPID public keys (`k`) seen. */
  vapidKeys: Set<string>;
  counts: { requests: number; tooMany: number; refused: number };
  setTooMany: (answers: number, retryAfterSeconds: number) => void;
  setDown: (down: boolean) => void;
  close: () => Promise<void>;
};

type Ece = { decrypt: (body: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }) => Buffer };
const ece = createRequire(import.meta.url)('http_ece') as Ece;

function answer(response: ServerResponse, status: number, text = '', headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'text/plain', ...headers });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Whether a VAPID header is valid for `origin`; answers the reason it is not. */
function vapidProblem(header: string, origin: string): string | null {
  const t = /(?:^|[\s,])t=([^,\s]+)/.exec(header)?.[1];
  const k = /(?:^|[\s,])k=([^,\s]+)/.exec(header)?.[1];
  if (!t || !k) return 'no t or k';
  const [head, claims, signature] = t.split('.');
  if (!head || !claims || !signature) return 'not a JWT';
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65) return 'k is not a P-256 point';
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'bad signature';
  if ((JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }).alg !== 'ES256') return 'not ES256';
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  const now = Date.now() / 1000;
  if (parsed.aud !== origin) return `aud ${parsed.aud} is not ${origin}`;
  if (typeof parsed.exp !== 'number' || parsed.exp <= now || parsed.exp > now + 86_400) return 'exp out of range';
  if (!/^(mailto:|https:)/.test(parsed.sub ?? '')) return 'sub is not a contact';
  return null;
}

export async function startFakeWebPush(): Promise<FakeWebPush> {
  const subscriptions = new Map<string, { ecdh: ECDH; auth: string }>();
  let tooMany = { answers: 0, retryAfterSeconds: 1 };
  let down = false;
  let origin = '';
  const fake: Omit<FakeWebPush, 'origin' | 'close'> = {
    subscribe: () => {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      subscriptions.set(id, { ecdh, auth });
      const token = JSON.stringify({
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      });
      return { id, token };
    },
    unsubscribe: (id) => void subscriptions.delete(id),
    received: [],
    vapidKeys: new Set(),
    counts: { requests: 0, tooMany: 0, refused: 0 },
    setTooMany: (answers, retryAfterSeconds) => {
      tooMany = { answers, retryAfterSeconds };
    },
    setDown: (next) => {
      down = next;
    },
  };

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const match = /^\/push\/([^/?]+)$/.exec(new URL(request.url ?? '/', 'http://fake').pathname);
      if (request.method !== 'POST' || !match) return answer(response, 404, 'Not found');
      fake.counts.requests += 1;
      if (down) return answer(response, 503, 'Service Unavailable');
      const authorization = request.headers.authorization ?? '';
      if (!authorization.startsWith('vapid ')) return answer(response, 401, 'Unauthorized');
      const problem = vapidProblem(authorization, origin);
      if (problem) {
        fake.counts.refused += 1;
        return answer(response, 403, problem);
      }
      if (tooMany.answers > 0) {
        tooMany.answers -= 1;
        fake.counts.tooMany += 1;
        return answer(response, 429, 'Too Many Requests', { 'retry-after': String(tooMany.retryAfterSeconds) });
      }
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return answer(response, 410, 'Gone');
      const ttl = request.headers.ttl;
      if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return answer(response, 400, 'TTL is required');
      if (request.headers['content-encoding'] !== 'aes128gcm') return answer(response, 400, 'aes128gcm is required');
      let payload: unknown;
      try {
        const clear = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth });
        payload = JSON.parse(clear.toString('utf8'));
      } catch {
        fake.counts.refused += 1;
        return answer(response, 400, 'Payload does not decrypt');
      }
      fake.vapidKeys.add(/k=([^,\s]+)/.exec(authorization)![1]!);
      const urgency = request.headers.urgency;
      fake.received.push({ id: match[1]!, payload, ttl, urgency: typeof urgency === 'string' ? urgency : undefined });
      answer(response, 201, '', { location: `${origin}/message/${randomUUID()}` });
    })().catch(() => {
      if (!response.headersSent) answer(response, 500, 'Internal error');
    });
  });
  ({ origin } = await listenFake(server, {}));
  return { ...fake, origin, close: () => closeFake(server, new Set()) };
}
