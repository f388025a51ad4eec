import { setTimeout as sleepFor } from 'node:timers/promises';

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
  sleep?: (ms: number) => Promise<void>;
};

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Whether an HTTP status is worth another try: the service is busy or briefly failing. */
export function isRetryableStatus(status: number): boolean {
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

export function sleeperOf(policy: RetryPolicy): (ms: number) => Promise<void> {
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
