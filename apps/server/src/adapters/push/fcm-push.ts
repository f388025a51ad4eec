import { createAccessTokenSource, FCM_SCOPE, type ServiceAccount } from './google-access-token.js';
import { createKeepAliveClient, parseJson, type PostAnswer } from './keep-alive-client.js';
import { createRetrier, DEFAULT_RETRY, mapWithConcurrency, type RetryPolicy } from './push-http.js';
import { throwIfNoneReached, type PushMessage, type PushOutcome, type PushSender } from './push-sender.js';

export type FcmOptions = {
  serviceAccount: ServiceAccount;
  /** https://fcm.googleapis.com, or a fake's address in tests. */
  baseUrl: string;
  /** Requests in flight at once: FCM HTTP v1 takes one message per request. */
  concurrency: number;
  timeoutMs: number;
  retry?: RetryPolicy;
};

/** The batch the send job hands over: the requests of one batch run `concurrency` at a time. */
const FCM_BATCH = 500;

type FcmError = { error?: { status?: string; message?: string; details?: { errorCode?: string }[] } };

/** The FCM error code of an answer: `details[].errorCode` (UNREGISTERED…), else its `status`. */
function errorCodeOf(body: FcmError | undefined): string {
  const details = body?.error?.details?.find((detail) => typeof detail.errorCode === 'string');
  return details?.errorCode ?? body?.error?.status ?? 'UNKNOWN';
}

/**
 * Whether FCM refused the token itself (docs/external-formats.md §7): UNREGISTERED (404), or an
 * INVALID_ARGUMENT about the registration token; another INVALID_ARGUMENT is about the message.
 */
function isDeadToken(status: number, code: string, message: string): boolean {
  if (code === 'UNREGISTERED') return true;
  return status === 400 && code === 'INVALID_ARGUMENT' && /registration token/i.test(message);
}

/**
 * FCM HTTP v1 (`POST {baseUrl}/v1/projects/{project}/messages:send`, one message a request, a
 * service account's OAuth token): the requests of a batch `concurrency` at a time; a 429 pauses
 * every request for its Retry-After; 5xx and no answer are tried again with backoff; a 401 asks a
 * new access token once. UNREGISTERED and an invalid registration token mark the token dead.
 */
export function createFcmPushSender(options: FcmOptions): PushSender {
  const attempt = createRetrier(options.retry ?? DEFAULT_RETRY);
  const tokens = createAccessTokenSource(options.serviceAccount, FCM_SCOPE, options.timeoutMs);
  const endpoint = `${options.baseUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(options.serviceAccount.project_id)}/messages:send`;
  const client = createKeepAliveClient(endpoint, { maxSockets: options.concurrency, timeoutMs: options.timeoutMs });
  const codeOf = (answer: PostAnswer) => errorCodeOf(parseJson<FcmError>(answer.text));

  const sendOne = async (message: PushMessage): Promise<PushOutcome> => {
    const body = JSON.stringify({
      message: { token: message.token, notification: { title: message.title, body: message.body }, data: message.data },
    });
    let accessToken = '';
    const post = async () => {
      accessToken = await tokens.get();
      return client.post({ authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }, body);
    };
    const describe = (answer: PostAnswer) => ` ${codeOf(answer)}`;
    let result = await attempt(post, describe);
    if ('answer' in result && result.answer.status === 401) {
      // The access token was revoked (a key rotation): a new one, once.
      tokens.forget(accessToken);
      result = await attempt(post, describe);
    }
    if ('unreachable' in result) return { status: 'failed', reason: result.unreachable };
    const { answer } = result;
    if (answer.status >= 200 && answer.status < 300) return { status: 'sent' };
    const parsed = parseJson<FcmError>(answer.text);
    const code = errorCodeOf(parsed);
    if (isDeadToken(answer.status, code, parsed?.error?.message ?? '')) return { status: 'invalid_token' };
    return { status: 'failed', reason: `HTTP ${answer.status} ${code}` };
  };

  return {
    kind: 'fcm',
    batchSize: FCM_BATCH,
    send: async (messages) => {
      if (messages.length === 0) return [];
      // No access token: nothing can be sent, the batch is not handed over.
      await tokens.get();
      return throwIfNoneReached(await mapWithConcurrency(messages, options.concurrency, sendOne), 'FCM');
    },
  };
}
