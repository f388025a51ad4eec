import { createServer } from 'node:http';
import { closeFake, listenFake, readJsonBody, sendJson } from './http-fake.js';

/**
 * A local fake of Expo's push service (`POST /--/api/v2/push/send`, docs/external-formats.md §7):
 * a message or an array of at most 100 (more: 400 PUSH_TOO_MANY_NOTIFICATIONS), a ticket each in
 * order — `{status: 'ok', id}`, or `DeviceNotRegistered` for a token of `unregistered`; with
 * `accessToken` set, a request without that Bearer is refused (401); the next `busyFor(n)` requests
 * are answered 429 with Retry-After: 1; 503 while `down`.
 */
export type ReceivedExpoMessage = { to: string; title: string; body: string; data: Record<string, string> };

export type FakeExpo = {
  /** To put in PUSH_EXPO_URL. */
  url: string;
  received: ReceivedExpoMessage[];
  /** The number of messages of each request, in order. */
  requestSizes: number[];
  unregistered: Set<string>;
  counts: { tooMany: number };
  busyFor: (requests: number) => void;
  setDown: (down: boolean) => void;
  close: () => Promise<void>;
};

const MESSAGES_PER_REQUEST = 100;

export async function startFakeExpo(options: { port?: number; accessToken?: string } = {}): Promise<FakeExpo> {
  let busy = 0;
  let down = false;
  const fake = {
    received: [] as ReceivedExpoMessage[],
    requestSizes: [] as number[],
    unregistered: new Set<string>(),
    counts: { tooMany: 0 },
    busyFor: (requests: number) => {
      busy = requests;
    },
    setDown: (next: boolean) => {
      down = next;
    },
  };
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || request.url !== '/--/api/v2/push/send') {
        sendJson(response, 404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
        return;
      }
      const body = await readJsonBody(request);
      if (down) return sendJson(response, 503, { errors: [{ code: 'INTERNAL_SERVER_ERROR', message: 'Unavailable' }] });
      if (options.accessToken && request.headers.authorization !== `Bearer ${options.accessToken}`)
        return sendJson(response, 401, { errors: [{ code: 'UNAUTHORIZED', message: 'Insufficient permissions' }] });
      if (busy > 0) {
        busy -= 1;
        fake.counts.tooMany += 1;
        return sendJson(
          response,
          429,
          { errors: [{ code: 'TOO_MANY_REQUESTS', message: 'Rate limit' }] },
          { 'retry-after': '1' },
        );
      }
      const messages = (Array.isArray(body) ? body : [body]) as Partial<ReceivedExpoMessage>[];
      if (messages.length > MESSAGES_PER_REQUEST)
        return sendJson(response, 400, {
          errors: [
            {
              code: 'PUSH_TOO_MANY_NOTIFICATIONS',
              message: `You are trying to send more than ${MESSAGES_PER_REQUEST} push notifications in one request`,
            },
          ],
        });
      if (!messages.every((message) => typeof message?.to === 'string'))
        return sendJson(response, 400, { errors: [{ code: 'VALIDATION_ERROR', message: '"to" is required' }] });
      fake.requestSizes.push(messages.length);
      const tickets = messages.map((message) => {
        if (fake.unregistered.has(message.to!))
          return {
            status: 'error',
            message: `"${message.to}" is not a registered push notification recipient`,
            details: { error: 'DeviceNotRegistered' },
          };
        fake.received.push({
          to: message.to!,
          title: String(message.title ?? ''),
          body: String(message.body ?? ''),
          data: (message.data ?? {}) as Record<string, string>,
        });
        return { status: 'ok', id: `ticket-${fake.received.length}` };
      });
      sendJson(response, 200, { data: tickets });
    })().catch(() => {
      if (!response.headersSent) sendJson(response, 500, { errors: [{ code: 'INTERNAL_SERVER_ERROR' }] });
    });
  });
  const { origin } = await listenFake(server, { port: options.port });
  return { ...fake, url: origin, close: () => closeFake(server, new Set()) };
}
