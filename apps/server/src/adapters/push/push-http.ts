import { setTimeout as sleepFor } from 'node:timers/promises';
import type { PostAnswer } from './keep-alive-client.js';
import { UNREACHABLE } from './push-sender.js';

/**
 * The retry rules every push service shares (docs/external-formats.md §7): a 429 or a 5xx answer,
 * or no answer, is tried again after the service's `Retry-After` when it gives one, else after a
 * growing delay with jitter; at most `attempts` tries.
 */
export type RetryPolicy = {
  attempts: number;
  /** The first delay without Retry-After; doubled at each try, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The waiting and the clock (tests give both: a sleep that waits nothing moves the clock). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Whether an HTTP status is worth another try: the service is busy or briefly failing. */
function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** A `Retry-After` header in milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The delay before try `attempt` (from 1 after the first failure): the service's word, else backoff with jitter. */
export function delayBeforeRetry(policy: RetryPolicy, attempt: number, serviceSaysMs: number | undefined): number {
  if (serviceSaysMs !== undefined) return Math.min(serviceSaysMs, policy.maxDelayMs);
  const backoff = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return backoff / 2 + Math.random() * (backoff / 2);
}

function sleeperOf(policy: RetryPolicy): (ms: number) => Promise<void> {
  return policy.sleep ?? ((ms) => sleepFor(ms));
}

/**
 * A pause every request of a service waits out: a 429 with Retry-After stops them all, not only
 * the one that got it, so that a quota is not hammered by the others meanwhile.
 */
export function createPauseGate(sleep: (ms: number) => Promise<void>, now: () => number = Date.now) {
  let until = 0;
  return {
    pauseFor(ms: number) {
      until = Math.max(until, now() + ms);
    },
    async wait() {
      while (now() < until) await sleep(until - now());
    },
  };
}

/** The items in consecutive slices of at most `size`. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** Runs `task` over every item with at most `concurrency` at once; answers the results in the items' order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** What came of a request tried under the retry rules: the service's answer, or why it was not reached. */
export type Attempted = { answer: PostAnswer } | { unreachable: string };

/**
 * The retry rules of one push service, its requests sharing one pause: `attempt(post)` waits out
 * a pause, posts, and tries again on no answer, 429 or 5xx (after Retry-After or backoff with
 * jitter, a 429 pausing every request of the service) up to the policy's attempts; it answers the
 * first other answer, or the last failure as `unreachable` (`describe` adds the service's error
 * code to it). `post` is called anew at each try (a new access token, a new encryption).
 */
export function createRetrier(policy: RetryPolicy) {
  const sleep = sleeperOf(policy);
  const gate = createPauseGate(sleep, policy.now);
  return async (post: () => Promise<PostAnswer>, describe: (answer: PostAnswer) => string = () => ''): Promise<Attempted> => {
    let lastFailure = `${UNREACHABLE}: no answer`;
    for (let attempt = 1; attempt <= policy.attempts; attempt++) {
      await gate.wait();
      let answer: PostAnswer;
      try {
        answer = await post();
      } catch (error) {
        lastFailure = `${UNREACHABLE}: ${error instanceof Error ? error.message : 'no answer'}`;
        if (attempt < policy.attempts) await sleep(delayBeforeRetry(policy, attempt, undefined));
        continue;
      }
      if (!isRetryableStatus(answer.status)) return { answer };
      lastFailure = `${UNREACHABLE}: HTTP ${answer.status}${describe(answer)}`;
      const wait = delayBeforeRetry(policy, attempt, retryAfterMs(answer.header('retry-after')));
      if (answer.status === 429) gate.pauseFor(wait);
      if (attempt < policy.attempts) await sleep(wait);
    }
    return { unreachable: lastFailure };
  };
}
