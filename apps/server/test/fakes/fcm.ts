import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeFake, listenFake, readJsonBody, sendJson } from './http-fake.js';

/**
 * A local fake of FCM HTTP v1 and of Google's OAuth token endpoint, answering as they document
 * (docs/external-formats.md §7):
 * - `POST /token` trades a service account's signed assertion (JWT-bearer grant, RS256, checked
 *   against the account's public key, audience and scope) for an access token;
 * - `POST /v1/projects/{project}/messages:send` takes one message with a Bearer access token:
 *   200 `{name}`; 404 UNREGISTERED for a token of `unregistered`; 400 INVALID_ARGUMENT for a token
 *   of `malformed` ("not a valid FCM registration token"), a message over 4096 bytes or data values
 *   that are not strings; 401 UNAUTHENTICATED for an unknown or revoked access token; 429
 *   QUOTA_EXCEEDED with Retry-After (whole seconds to the end of the window) past `quota.perWindow`
 *   messages in a fixed window of `quota.windowMs`; 503 UNAVAILABLE while `down`; past
 *   `holdAnswers(n)`, each message after the n-th accepted is kept but its answer held until
 *   `releaseAnswers()` (a sender stopped meanwhile never learns it was accepted).
 * A process running it (`fcm.cli.ts`) is driven over `GET /__control/stats` (the counts) and
 * `POST /__control/quota` ({perWindow, windowMs} or null).
 */
export type ReceivedFcmMessage = { token: string; title: string; body: string; data: Record<string, string> };

export type FakeFcm = {
  /** To put in PUSH_FCM_URL. */
  url: string;
  /** A service account whose token_uri is this fake's, with its private key. */
  serviceAccount: { project_id: string; client_email: string; private_key: string; token_uri: string };
  received: ReceivedFcmMessage[];
  unregistered: Set<string>;
  malformed: Set<string>;
  /** Requests answered 429, access tokens issued, requests, messages accepted, answers held. */
  counts: { tooMany: number; tokensIssued: number; requests: number; accepted: number; held: number };
  setQuota: (quota: { perWindow: number; windowMs: number } | null) => void;
  setDown: (down: boolean) => void;
  /** Holds the answers of the messages accepted after the first `accepted` (from the start), until released. */
  holdAnswers: (accepted: number) => void;
  releaseAnswers: () => void;
  /** Every access token issued so far is refused from now on (401), as after a key rotation. */
  revokeAccessTokens: () => void;
  close: () => Promise<void>;
};

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const MESSAGE_MAX_BYTES = 4096;

function fcmError(response: ServerResponse, code: number, status: string, message: string, errorCode?: string, headers = {}) {
  sendJson(
    response,
    code,
    {
      error: {
        code,
        message,
        status,
        ...(errorCode ? { details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] } : {}),
      },
    },
    headers,
  );
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export type FakeFcmOptions = {
  port?: number;
  projectId?: string;
  /** Whether each accepted message is kept in `received` (a benchmark of 500,000 counts them only). */
  keepReceived?: boolean;
};

export async function startFakeFcm(options: FakeFcmOptions = {}): Promise<FakeFcm> {
  const projectId = options.projectId ?? 'console-ent-test';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `push@${projectId}.iam.gserviceaccount.com`;
  const issued = new Set<string>();
  let quota: { perWindow: number; windowMs: number } | null = null;
  let window = { index: -1, count: 0 };
  let down = false;
  let tokenUri = '';
  let holdFrom: number | null = null;
  let release: () => void = () => undefined;
  let released = Promise.resolve();

  const fake: Omit<FakeFcm, 'url' | 'serviceAccount' | 'close'> = {
    received: [],
    unregistered: new Set(),
    malformed: new Set(),
    counts: { tooMany: 0, tokensIssued: 0, requests: 0, accepted: 0, held: 0 },
    setQuota: (next) => {
      quota = next;
      window = { index: -1, count: 0 };
    },
    setDown: (next) => {
      down = next;
    },
    revokeAccessTokens: () => issued.clear(),
    holdAnswers: (accepted) => {
      holdFrom = accepted;
      released = new Promise((resolve) => (release = resolve));
    },
    releaseAnswers: () => {
      holdFrom = null;
      release();
    },
  };

  const verifyAssertion = (assertion: string): boolean => {
    const [header, claims, signature] = assertion.split('.');
    if (!header || !claims || !signature) return false;
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${header}.${claims}`);
    if (!verifier.verify(publicKey, Buffer.from(signature, 'base64url'))) return false;
    const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    return (
      parsed.iss === clientEmail &&
      parsed.aud === tokenUri &&
      parsed.scope === FCM_SCOPE &&
      typeof parsed.exp === 'number' &&
      parsed.exp > now
    );
  };

  const overQuota = (): number | null => {
    if (!quota) return null;
    const now = Date.now();
    const index = Math.floor(now / quota.windowMs);
    if (index !== window.index) window = { index, count: 0 };
    if (window.count < quota.perWindow) {
      window.count += 1;
      return null;
    }
    return Math.max(1, Math.ceil(((index + 1) * quota.windowMs - now) / 1000));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      if (request.method === 'POST' && url.pathname === '/token') {
        const form = await readForm(request);
        const assertion = form.get('assertion') ?? '';
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !verifyAssertion(assertion)) {
          sendJson(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
          return;
        }
        const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
        issued.add(accessToken);
        fake.counts.tokensIssued += 1;
        sendJson(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
        return;
      }
      if (url.pathname === '/__control/stats') return sendJson(response, 200, fake.counts);
      if (request.method === 'POST' && url.pathname === '/__control/quota') {
        const quota = (await readJsonBody(request)) as { perWindow: number; windowMs: number } | null;
        fake.setQuota(quota);
        return sendJson(response, 200, { quota });
      }
      const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url.pathname);
      if (request.method !== 'POST' || !match) {
        fcmError(response, 404, 'NOT_FOUND', 'Not found');
        return;
      }
      fake.counts.requests += 1;
      const body = (await readJsonBody(request)) as { message?: Record<string, unknown> } | undefined;
      if (down) return fcmError(response, 503, 'UNAVAILABLE', 'The service is currently unavailable.', 'UNAVAILABLE');
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!bearer || !issued.has(bearer) || decodeURIComponent(match[1]!) !== projectId)
        return fcmError(response, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      const retryAfter = overQuota();
      if (retryAfter !== null) {
        fake.counts.tooMany += 1;
        return fcmError(response, 429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.', 'QUOTA_EXCEEDED', {
          'retry-after': String(retryAfter),
        });
      }
      const message = body?.message;
      const token = message?.token;
      const notification = message?.notification as { title?: unknown; body?: unknown } | undefined;
      const data = (message?.data ?? {}) as Record<string, unknown>;
      if (typeof token !== 'string' || !Object.values(data).every((value) => typeof value === 'string'))
        return fcmError(response, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.', 'INVALID_ARGUMENT');
      if (Buffer.byteLength(JSON.stringify(message)) > MESSAGE_MAX_BYTES)
        return fcmError(response, 400, 'INVALID_ARGUMENT', 'Message is too big', 'INVALID_ARGUMENT');
      if (fake.malformed.has(token))
        return fcmError(
          response,
          400,
          'INVALID_ARGUMENT',
          'The registration token is not a valid FCM registration token',
          'INVALID_ARGUMENT',
        );
      if (fake.unregistered.has(token))
        return fcmError(response, 404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED');
      fake.counts.accepted += 1;
      if (options.keepReceived !== false)
        fake.received.push({
          token,
          title: String(notification?.title ?? ''),
          body: String(notification?.body ?? ''),
          data: data as Record<string, string>,
        });
      if (holdFrom !== null && fake.counts.accepted > holdFrom) {
        fake.counts.held += 1;
        await released;
        if (response.destroyed) return;
      }
      sendJson(response, 200, { name: `projects/${projectId}/messages/${fake.counts.accepted}` });
    })().catch(() => {
      if (!response.headersSent) fcmError(response, 500, 'INTERNAL', 'Internal error');
    });
  });
  const { origin } = await listenFake(server, { port: options.port });
  tokenUri = `${origin}/token`;
  return {
    ...fake,
    url: origin,
    serviceAccount: {
      project_id: projectId,
      client_email: clientEmail,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: tokenUri,
    },
    close: () => {
      fake.releaseAnswers();
      return closeFake(server, new Set());
    },
  } as FakeFcm;
}
