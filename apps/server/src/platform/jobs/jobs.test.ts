import { describe, expect, it, vi } from 'vitest';
import { createInProcessQueue, JOB_CONCURRENCY, REMEMBER_IDS_MS } from './job-queue.js';
import { createScheduler } from './scheduler.js';

const quiet = { error: () => undefined };

describe('the in-process queue', () => {
  it('runs jobs one after another in the order added with a concurrency of 1, an id once, and goes on after a failure', async () => {
    const errors: string[] = [];
    let time = 0;
    const queue = createInProcessQueue({ error: (_details, message) => errors.push(message) }, () => time, 1);
    const ran: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    queue.handle('step', async (data) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (data === 'boom') throw new Error('boom');
        ran.push(String(data));
      } finally {
        running -= 1;
      }
    });
    await queue.add('step', 'a', 'job-a');
    await queue.add('step', 'a again', 'job-a');
    await queue.add('step', 'boom', 'job-boom');
    await queue.add('step', 'b', 'job-b');
    await queue.idle();
    expect(ran).toEqual(['a', 'b']);
    expect(mostAtOnce).toBe(1);
    expect(errors).toEqual(['job failed']);
    // Past the memory of ids, an id is a new job.
    time = REMEMBER_IDS_MS + 1;
    await queue.add('step', 'a later', 'job-a');
    await queue.idle();
    expect(ran).toEqual(['a', 'b', 'a later']);
  });

  it('runs the jobs behind a long one meanwhile, JOB_CONCURRENCY at most at once', async () => {
    const queue = createInProcessQueue(quiet);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    queue.handle('send', async () => {
      await released;
      done.push('send');
    });
    queue.handle('purge', async (data) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      done.push(String(data));
    });
    await queue.add('send', null, 'send-1');
    const purges = Array.from({ length: 10 }, (_, index) => `purge-${index}`);
    for (const id of purges) await queue.add('purge', id, id);
    // The send is still out: every purge has run past it, the send holding one place.
    await vi.waitFor(() => expect(done).toHaveLength(purges.length), { timeout: 30_000 });
    expect(done).toEqual(purges);
    expect(mostAtOnce).toBe(JOB_CONCURRENCY - 1);
    let idle = false;
    const idling = queue.idle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(idle).toBe(false);
    release();
    await idling;
    expect(done.at(-1)).toBe('send');
  });

  it('keeps a job added before its handler, and runs it once the handler is registered', async () => {
    const queue = createInProcessQueue(quiet);
    const ran: string[] = [];
    await queue.add('late', 'first', 'job-1');
    await queue.add('late', 'first again', 'job-1');
    await queue.add('late', 'second', 'job-2');
    await queue.idle();
    expect(ran).toEqual([]);
    queue.handle('late', async (data) => void ran.push(String(data)));
    await queue.idle();
    expect(ran).toEqual(['first', 'second']);
    // Its id was remembered from when it was added: adding it again runs nothing.
    await queue.add('late', 'first once more', 'job-1');
    await queue.idle();
    expect(ran).toEqual(['first', 'second']);
  });
});

describe('the scheduler', () => {
  it("adds what each source says is due at the clock's time, and never overlaps a tick", async () => {
    const queue = createInProcessQueue(quiet);
    const done: string[] = [];
    queue.handle('purge', async (data) => void done.push(String(data)));
    let now = new Date('2026-12-01T00:00:00Z');
    const asked: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const scheduler = createScheduler({
      queue,
      log: quiet,
      clock: () => now,
      sources: [
        {
          name: 'purges',
          due: async (at) => {
            asked.push(at.toISOString());
            await gate;
            return [{ jobName: 'purge', jobId: `purge-${at.getTime()}`, data: at.toISOString() }];
          },
        },
      ],
    });
    const first = scheduler.tick();
    const overlapping = scheduler.tick();
    release();
    expect(await first).toBe(1);
    expect(await overlapping).toBe(0);
    now = new Date('2026-12-01T00:00:30Z');
    expect(await scheduler.tick()).toBe(1);
    await queue.idle();
    expect(asked).toEqual(['2026-12-01T00:00:00.000Z', '2026-12-01T00:00:30.000Z']);
    expect(done).toEqual(asked);
  });

  it('logs a source that fails and still asks the others', async () => {
    const errors: string[] = [];
    const queue = createInProcessQueue(quiet);
    queue.handle('ok', async () => undefined);
    const scheduler = createScheduler({
      queue,
      log: { error: (_details, message) => errors.push(message) },
      sources: [
        { name: 'broken', due: async () => Promise.reject(new Error('database away')) },
        { name: 'fine', due: async () => [{ jobName: 'ok', jobId: 'ok-1', data: null }] },
      ],
    });
    expect(await scheduler.tick()).toBe(1);
    expect(errors).toEqual(['scheduler: could not add the due jobs']);
  });
});
