import { createServer, type ServerResponse } from 'node:http';
import { closeFake, listenFake, readJsonBody, sendJson } from './http-fake.js';

/**
 * A local fake of Expo's push service (`POST /--/api/v2/push/send`, docs/external-formats.md §7):
 * a message or an array of at most 100 (more: 400 PUSH_TOO_MANY_NOTIFICATIONS), a ticket each in
 * order — `{status: 'ok', id}`, or `DeviceNotRegistered` for a token of `unregistered`; with
 * `accessToken` set, a request without that Bearer is refused (401); the next `busyFor(n)` requests
 * are answered 429 with Retry-After: 1; 503 while `down`.
 *
 * Receipts (`POST /--/api/v2/push/getReceipts {ids}`, at most 300 ids, else 400): `{data: {id:
 * receipt}}` for each ticket id it issued — `{status: 'ok'}`, or `{status: 'error', details:
 * {error}}` where `receiptErrors` names the ticket's token (such as DeviceNotRegistered, found
 * only once the phone's platform was asked); none while `setReceiptsPending(true)`, nor for an unknown id.
 */
export type ReceivedExpoMessage = { to: string; title: string; body: string; data: Record<string, string> };

export type FakeExpo = {
  /** To put in PUSH_EXPO_URL. */
  url: string;
  received: ReceivedExpoMessage[];
  /** The number of messages of each request, in order. */
  requestSizes: number[];
  unregistered: Set<string>;
  /** Tokens whose receipt says this error. */
  receiptErrors: Map<string, string>;
  /** While pending, the receipts are not ready: getReceipts answers none. */
  setReceiptsPending: (pending: boolean) => void;
  /** The number of ids of each getReceipts request, in order. */
  receiptRequestSizes: number[];
  counts: { tooMany: number };
  busyFor: (requests: number) => void;
  setDown: (down: boolean) => void;
  close: () => Promise<void>;
};

const MESSAGES_PER_REQUEST = 100;
const RECEIPTS_PER_REQUEST = 300;
const SEND_PATH = '/--/api/v2/push/send';
const RECEIPTS_PATH = '/--/api/v2/push/getReceipts';

export async function startFakeExpo(options: { port?: number; accessToken?: string } = {}): Promise<FakeExpo> {
  let busy = 0;
  let down = false;
  let receiptsPending = false;
  const fake = {
    received: [] as ReceivedExpoMessage[],
    requestSizes: [] as number[],
    unregistered: new Set<string>(),
    receiptErrors: new Map<string, string>(),
    setReceiptsPending: (pending: boolean) => {
      receiptsPending = pending;
    },
    receiptRequestSizes: [] as number[],
    counts: { tooMany: 0 },
    busyFor: (requests: number) => {
      busy = requests;
    },
    setDown: (next: boolean) => {
      down = next;
    },
  };
  /** The token of each ticket issued, by ticket id. */
  const ticketTokens = new Map<string, string>();
  const answerReceipts = (body: unknown, response: ServerResponse) => {
    const ids = (body as { ids?: unknown } | undefined)?.ids;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))
      return sendJson(response, 400, { errors: [{ code: 'VALIDATION_ERROR', message: '"ids" must be an array of strings' }] });
    if (ids.length > RECEIPTS_PER_REQUEST)
      return sendJson(response, 400, {
        errors: [{ code: 'PUSH_TOO_MANY_RECEIPTS', message: `You are trying to get more than ${RECEIPTS_PER_REQUEST} receipts` }],
      });
    fake.receiptRequestSizes.push(ids.length);
    const data: Record<string, unknown> = {};
    for (const id of receiptsPending ? [] : (ids as string[])) {
      const token = ticketTokens.get(id);
      if (token === undefined) continue;
      const error = fake.receiptErrors.get(token);
      data[id] = error
        ? { status: 'error', message: `The receipt of "${token}" is an error`, details: { error } }
        : { status: 'ok' };
    }
    sendJson(response, 200, { data });
  };
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || (request.url !== SEND_PATH && request.url !== RECEIPTS_PATH)) {
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
      if (request.url === RECEIPTS_PATH) return answerReceipts(body, response);
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
        const id = `ticket-${fake.received.length}`;
        ticketTokens.set(id, message.to!);
        return { status: 'ok', id };
      });
      sendJson(response, 200, { data: tickets });
    })().catch(() => {
      if (!response.headersSent) sendJson(response, 500, { errors: [{ code: 'INTERNAL_SERVER_ERROR' }] });
    });
  });
  const { origin } = await listenFake(server, { port: options.port });
  return { ...fake, url: origin, close: () => closeFake(server, new Set()) };
}
