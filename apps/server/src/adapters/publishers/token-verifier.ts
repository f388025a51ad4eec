/**
 * What the console asks a digital-textbook publisher: are these users' tokens (their accounts,
 * with their licence code when they have one) valid in this school? Each publisher speaks its own
 * HTTP protocol (see edulib.ts, le-livre-scolaire.ts and docs/publishers.md); both are
 * normalised to this interface.
 */
export type TokenCheckUser = { login: string; code: string | null };

/** The publisher's word on one login: valid, or not with its reason. */
export type TokenCheckResult = { login: string; valid: boolean; message: string | null };

export type TokenVerifier = {
  /**
   * Checks at most PUBLISHER_BATCH_SIZE users of a school. Answers a result per login the
   * publisher answered for (a login it left out has no result). Throws PublisherUnavailableError.
   */
  verifyTokens(uai: string, users: TokenCheckUser[]): Promise<TokenCheckResult[]>;
};

/** Users per call: both protocols accept up to 500, which keeps one call well under a second. */
export const PUBLISHER_BATCH_SIZE = 500;

/** Publishers' error texts are stored per access; longer ones are cut. */
export const PUBLISHER_MESSAGE_MAX_LENGTH = 500;

export type PublisherFailure = 'unreachable' | 'timeout' | 'rejected_key' | 'http_error' | 'bad_answer';

/** The publisher gave no usable answer; `reason` says how (the Commentaire depends on it). */
export class PublisherUnavailableError extends Error {
  readonly reason: PublisherFailure;

  constructor(reason: PublisherFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PublisherUnavailableError';
    this.reason = reason;
  }
}

/**
 * POSTs a JSON body and answers the parsed JSON answer. Throws PublisherUnavailableError:
 * `rejected_key` on 401 or 403, `http_error` on any other non-2xx status (429, 5xx…), `timeout`
 * past `timeoutMs`, `unreachable` when no connection is made, `bad_answer` for a non-JSON body.
 */
export async function postJson(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<unknown> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 401 || response.status === 403) {
      throw new PublisherUnavailableError('rejected_key', `The publisher refused this server's key (HTTP ${response.status})`);
    }
    if (!response.ok) throw new PublisherUnavailableError('http_error', `The publisher answered HTTP ${response.status}`);
    return await response.json();
  } catch (error) {
    if (error instanceof PublisherUnavailableError) throw error;
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new PublisherUnavailableError('timeout', `The publisher did not answer within ${timeoutMs} ms`, { cause: error });
    }
    if (error instanceof SyntaxError)
      throw new PublisherUnavailableError('bad_answer', 'The publisher answered something other than JSON', { cause: error });
    throw new PublisherUnavailableError('unreachable', 'The publisher could not be reached', { cause: error });
  }
}

/** A stored error text: the publisher's reason, cut to a bounded length, or a default. */
export function errorText(message: string | null | undefined, fallback: string): string {
  const text = message?.trim() || fallback;
  return text.length > PUBLISHER_MESSAGE_MAX_LENGTH ? text.slice(0, PUBLISHER_MESSAGE_MAX_LENGTH - 1) + '…' : text;
}
