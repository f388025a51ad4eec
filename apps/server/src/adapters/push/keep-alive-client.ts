import { Pool } from 'undici';

/** A push service's answer: its status, a header, and its body as text (bodies are small JSON). */
export type PostAnswer = { status: number; header: (name: string) => string | null; text: string };

/** A JSON answer, or undefined when it is not JSON (a proxy's HTML page). */
export function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The most of an answer's body that is read: a push service answers a few hundred bytes. */
const ANSWER_MAX_BYTES = 1_000_000;

/**
 * POSTs to one endpoint over connections kept open between requests (undici's Pool, at most
 * `maxSockets` of them). A push service takes a message per request by the hundred thousand:
 * with `fetch` a send reached a quarter of FCM's quota, with node:http's keep-alive agent two
 * thirds, with this all of it (bench/push.bench.ts). Rejects when there is no answer
 * within `timeoutMs` or the connection fails.
 */
export function createKeepAliveClient(endpoint: string, options: { maxSockets: number; timeoutMs: number }) {
  const url = new URL(endpoint);
  const path = `${url.pathname}${url.search}`;
  const pool = new Pool(url.origin, {
    connections: options.maxSockets,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connectTimeout: options.timeoutMs,
  });

  /** POSTs `body` to the endpoint, or to `otherPath` on its origin. */
  const post = async (headers: Record<string, string>, body: string | Buffer, otherPath?: string): Promise<PostAnswer> => {
    const response = await pool.request({ origin: url.origin, path: otherPath ?? path, method: 'POST', headers, body });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= ANSWER_MAX_BYTES) chunks.push(chunk);
    }
    return {
      status: response.statusCode,
      header: (name) => {
        const value = response.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
      text: Buffer.concat(chunks).toString('utf8'),
    };
  };

  return {
    post,
    /** Closes the kept connections (they never hold the process open meanwhile). */
    close: () => void pool.destroy(),
  };
}
