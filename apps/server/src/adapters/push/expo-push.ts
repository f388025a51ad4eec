import { createKeepAliveClient, parseJson } from './keep-alive-client.js';
import { chunksOf, createRetrier, DEFAULT_RETRY, mapWithConcurrency, type RetryPolicy } from './push-http.js';
import {
  PushUnavailableError,
  throwIfNoneReached,
  type PushMessage,
  type PushOutcome,
  type PushSender,
  type ReceiptOutcome,
} from './push-sender.js';

export type ExpoOptions = {
  /** https://exp.host, or a fake's address in tests. */
  baseUrl: string;
  /** With Expo's "push security" on: the project's access token. */
  accessToken?: string;
  timeoutMs: number;
  retry?: RetryPolicy;
};

/** Expo takes at most 100 messages a request, and recommends at most 6 requests at once (docs/external-formats.md §7). */
export const EXPO_MESSAGES_PER_REQUEST = 100;
const EXPO_CONCURRENT_REQUESTS = 6;
const EXPO_BATCH = EXPO_MESSAGES_PER_REQUEST * EXPO_CONCURRENT_REQUESTS;
/** Expo's SDK asks for at most 300 receipts a request (docs/external-formats.md §7). */
export const EXPO_RECEIPTS_PER_REQUEST = 300;

type ExpoTicket = { status?: string; id?: string; message?: string; details?: { error?: string } };
type ExpoReceipt = { status?: string; message?: string; details?: { error?: string } };

function outcomeOf(ticket: ExpoTicket | undefined): PushOutcome {
  if (ticket?.status === 'ok') return typeof ticket.id === 'string' ? { status: 'sent', receipt: ticket.id } : { status: 'sent' };
  if (ticket?.details?.error === 'DeviceNotRegistered') return { status: 'invalid_token' };
  return { status: 'failed', reason: ticket?.details?.error ?? ticket?.message ?? 'no ticket' };
}

function receiptOutcomeOf(receipt: ExpoReceipt): ReceiptOutcome {
  if (receipt.status === 'ok') return { status: 'delivered' };
  if (receipt.details?.error === 'DeviceNotRegistered') return { status: 'invalid_token' };
  return { status: 'failed', reason: receipt.details?.error ?? receipt.message ?? 'error' };
}

/**
 * Expo's push service (`POST {baseUrl}/--/api/v2/push/send`, an array of at most 100 messages, a
 * ticket each in order): 6 requests at once; a 429 pauses them all for its Retry-After; 5xx and no
 * answer are tried again with backoff. A ticket `DeviceNotRegistered` marks the token dead; an
 * accepted message answers its ticket id as its receipt. `checkReceipts` asks Expo
 * (`POST {baseUrl}/--/api/v2/push/getReceipts {ids}`, 300 ids a request, 6 at once) what the
 * phone's platform did with them: a receipt `DeviceNotRegistered` marks the token dead too.
 */
export function createExpoPushSender(options: ExpoOptions): PushSender {
  const attempt = createRetrier(options.retry ?? DEFAULT_RETRY);
  const endpoint = `${options.baseUrl.replace(/\/$/, '')}/--/api/v2/push/send`;
  const client = createKeepAliveClient(endpoint, { maxSockets: EXPO_CONCURRENT_REQUESTS, timeoutMs: options.timeoutMs });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...(options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}),
  };

  const sendChunk = async (chunk: readonly PushMessage[]): Promise<PushOutcome[]> => {
    const body = JSON.stringify(
      chunk.map((message) => ({ to: message.token, title: message.title, body: message.body, data: message.data })),
    );
    const failAll = (reason: string): PushOutcome[] => chunk.map(() => ({ status: 'failed', reason }));
    const result = await attempt(() => client.post(headers, body));
    if ('unreachable' in result) return failAll(result.unreachable);
    const answer = parseJson<{ data?: ExpoTicket[]; errors?: { code?: string }[] }>(result.answer.text);
    if (result.answer.status !== 200 || !Array.isArray(answer?.data)) {
      return failAll(`HTTP ${result.answer.status} ${answer?.errors?.[0]?.code ?? 'no tickets'}`);
    }
    return chunk.map((_, index) => outcomeOf(answer.data![index]));
  };

  const receiptsPath = `${new URL(endpoint).pathname.replace(/\/send$/, '')}/getReceipts`;
  const checkChunk = async (ids: readonly string[]): Promise<[string, ReceiptOutcome][]> => {
    const result = await attempt(() => client.post(headers, JSON.stringify({ ids }), receiptsPath));
    if ('unreachable' in result) throw new PushUnavailableError(`Expo's receipts could not be reached: ${result.unreachable}`);
    const answer = parseJson<{ data?: Record<string, ExpoReceipt>; errors?: { code?: string }[] }>(result.answer.text);
    if (result.answer.status !== 200 || typeof answer?.data !== 'object' || answer.data === null)
      throw new PushUnavailableError(
        `Expo's receipts answered HTTP ${result.answer.status} ${answer?.errors?.[0]?.code ?? 'without receipts'}`,
      );
    const receipts = answer.data;
    return ids.flatMap((id) =>
      Object.hasOwn(receipts, id) ? [[id, receiptOutcomeOf(receipts[id]!)] as [string, ReceiptOutcome]] : [],
    );
  };

  return {
    kind: 'expo',
    batchSize: EXPO_BATCH,
    checkReceipts: async (_provider, receipts) => {
      const chunks = chunksOf(receipts, EXPO_RECEIPTS_PER_REQUEST);
      return new Map((await mapWithConcurrency(chunks, EXPO_CONCURRENT_REQUESTS, checkChunk)).flat());
    },
    send: async (messages) => {
      const chunks = chunksOf(messages, EXPO_MESSAGES_PER_REQUEST);
      const outcomes = (await mapWithConcurrency(chunks, EXPO_CONCURRENT_REQUESTS, sendChunk)).flat();
      return throwIfNoneReached(outcomes, 'Expo');
    },
  };
}
