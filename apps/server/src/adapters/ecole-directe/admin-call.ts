import { buildAdminRequest, failureOfCode, parseEnvelope, type AdminPath } from './admin-protocol.js';
import { EcoleDirecteError, type EcoleDirecteFailure } from './ecole-directe-error.js';

/** The largest answer read: a school's directory is a few megabytes at most. */
export const MAX_ANSWER_BYTES = 50 * 1024 * 1024;

/** Where the calls go, how long each may take, and the largest answer read. */
export type AdminCallOptions = { baseUrl: string; timeoutMs: number; maxAnswerBytes: number };

/** A successful call's data, and the token the next call sends. */
export type AdminAnswer = { token: string; data: unknown };

/**
 * The body of `response` as UTF-8 text, or undefined when it passes `maxBytes` (told by its
 * Content-Length or found while reading, which then stops). Throws what reading the body throws
 * (a timeout, a cut connection).
 */
export async function readTextWithin(response: Response, maxBytes: number): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function refusalMessage(failure: EcoleDirecteFailure, code: number, path: AdminPath): string {
  if (failure === 'invalid_token') return `EcoleDirecte refused the token (code ${code}) on ${path}`;
  if (failure === 'school_unavailable') return `EcoleDirecte does not serve this school (code ${code}) on ${path}`;
  return `EcoleDirecte answered code ${code} on ${path}`;
}

/**
 * One call on `path` with `token`, `fields` in the body's JSON. Answers the data and the next
 * token (the answer's, or `token` again when the answer gives none). Redirects are not followed,
 * so that the token never reaches another host. Throws EcoleDirecteError: the failure of a code
 * other than 200 (failureOfCode), and `unavailable` for an HTTP status other than 200, no
 * connection, no answer within `timeoutMs`, an answer past `maxAnswerBytes`, not JSON or not the
 * envelope. No message holds the token.
 */
export async function callAdmin(
  options: AdminCallOptions,
  path: AdminPath,
  token: string,
  fields: Record<string, string>,
): Promise<AdminAnswer> {
  const request = buildAdminRequest(options.baseUrl, path, token, fields);
  let text: string | undefined;
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new EcoleDirecteError('unavailable', `EcoleDirecte answered HTTP ${response.status} on ${path}`);
    }
    text = await readTextWithin(response, options.maxAnswerBytes);
  } catch (error) {
    if (error instanceof EcoleDirecteError) throw error;
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new EcoleDirecteError('unavailable', `EcoleDirecte did not answer ${path} within ${options.timeoutMs} ms`, {
        cause: error,
      });
    }
    throw new EcoleDirecteError('unavailable', `EcoleDirecte could not be reached on ${path}`, { cause: error });
  }
  if (text === undefined) {
    throw new EcoleDirecteError('unavailable', `EcoleDirecte's answer on ${path} is larger than ${options.maxAnswerBytes} bytes`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EcoleDirecteError('unavailable', `EcoleDirecte answered something other than JSON on ${path}`);
  }
  const envelope = parseEnvelope(body);
  if (!envelope) throw new EcoleDirecteError('unavailable', `EcoleDirecte's answer on ${path} is not {code, token, data}`);
  const failure = failureOfCode(envelope.code);
  if (failure) throw new EcoleDirecteError(failure, refusalMessage(failure, envelope.code, path));
  return { token: envelope.token ?? token, data: envelope.data };
}
