import { describe, expect, it } from 'vitest';
import type { PostAnswer } from './keep-alive-client.js';
import { chunksOf, createPauseGate, createRetrier, delayBeforeRetry, mapWithConcurrency, retryAfterMs } from './push-http.js';

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

describe('chunksOf', () => {
  it('cuts the items in order into slices of at most the size, none empty', () => {
    expect(chunksOf([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(chunksOf([1, 2, 3], 3)).toEqual([[1, 2, 3]]);
    expect(chunksOf([], 3)).toEqual([]);
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

describe('the retrier', () => {
  const answerOf = (status: number, headers: Record<string, string> = {}, text = ''): PostAnswer => ({
    status,
    header: (name) => headers[name] ?? null,
    text,
  });

  it('tries again on no answer, 5xx and 429 (waiting its Retry-After), and answers the first other answer', async () => {
    const slept: number[] = [];
    let now = 0;
    const attempt = createRetrier({
      attempts: 5,
      baseDelayMs: 10,
      maxDelayMs: 100_000,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
      now: () => now,
    });
    const answers = [
      () => Promise.reject(new Error('socket hang up')),
      () => Promise.resolve(answerOf(503)),
      () => Promise.resolve(answerOf(429, { 'retry-after': '7' })),
      () => Promise.resolve(answerOf(404, {}, 'gone')),
    ];
    let calls = 0;
    const result = await attempt(() => answers[calls++]!());
    expect(result).toEqual({ answer: expect.objectContaining({ status: 404, text: 'gone' }) });
    expect(calls).toBe(4);
    // Backoff with jitter after the first two, then the 429's seven seconds (the gate's pause, then the wait).
    expect(slept.slice(0, 2).every((ms) => ms > 0 && ms <= 20)).toBe(true);
    expect(slept.slice(2).some((ms) => ms === 7000)).toBe(true);
  });

  it('answers the last failure, with the service code, once the attempts are spent', async () => {
    const attempt = createRetrier({ attempts: 3, baseDelayMs: 1, maxDelayMs: 1, sleep: async () => undefined });
    let calls = 0;
    const result = await attempt(
      async () => {
        calls += 1;
        return answerOf(503, {}, 'UNAVAILABLE');
      },
      (answer) => ` ${answer.text}`,
    );
    expect(result).toEqual({ unreachable: 'unreachable: HTTP 503 UNAVAILABLE' });
    expect(calls).toBe(3);
    expect(await attempt(() => Promise.reject(new Error('connect ECONNREFUSED')))).toEqual({
      unreachable: 'unreachable: connect ECONNREFUSED',
    });
  });
});
