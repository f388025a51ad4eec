import { describe, expect, it } from 'vitest';
import { createPauseGate, delayBeforeRetry, mapWithConcurrency, retryAfterMs } from './push-http.js';

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-30T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Mon, 30 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Mon, 30 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it("takes the service's word up to the longest delay, else backs off by doubling", () => {
    const policy = { attempts: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(delayBeforeRetry(policy, 1, 400)).toBe(400);
    expect(delayBeforeRetry(policy, 1, 60_000)).toBe(1000);
    for (const attempt of [1, 2, 3]) {
      const delay = delayBeforeRetry(policy, attempt, undefined);
      const backoff = 100 * 2 ** (attempt - 1);
      expect(delay).toBeGreaterThanOrEqual(backoff / 2);
      expect(delay).toBeLessThanOrEqual(backoff);
    }
    expect(delayBeforeRetry(policy, 10, undefined)).toBeLessThanOrEqual(1000);
  });
});

describe('mapWithConcurrency', () => {
  it('answers in the order of the items with at most `concurrency` tasks at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3], 2, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return item * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
});

describe('the pause gate', () => {
  it('holds every waiter until the longest pause asked has passed', async () => {
    let now = 0;
    const slept: number[] = [];
    const gate = createPauseGate(
      async (ms) => {
        slept.push(ms);
        now += ms;
      },
      () => now,
    );
    gate.pauseFor(1000);
    gate.pauseFor(300);
    await gate.wait();
    expect(now).toBe(1000);
    expect(slept).toEqual([1000]);
    await gate.wait();
    expect(slept).toEqual([1000]);
  });
});
