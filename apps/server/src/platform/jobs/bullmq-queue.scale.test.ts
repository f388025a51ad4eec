import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { requireScaleServices } from '#test/instances.js';
import { waitUntil } from '#test/wait.js';
import { createBullmqQueue } from './bullmq-queue.js';
import type { JobQueue } from './job-queue.js';

const closing: { close: () => Promise<unknown> }[] = [];
const failures: unknown[] = [];

/** A queue of its own, and BullMQ's view of it to read a job's state. */
function newQueue(): { queue: JobQueue; stateOf: (jobId: string) => Promise<string> } {
  const tag = randomBytes(4).toString('hex');
  const names = { name: `test-jobs-${tag}`, prefix: `test-${tag}` };
  const { redisUrl } = requireScaleServices();
  const queue = createBullmqQueue(redisUrl, { error: (details) => failures.push(details) }, names);
  const inspector = new Queue(names.name, { connection: { url: redisUrl }, prefix: names.prefix });
  closing.push(queue, inspector);
  return { queue, stateOf: (jobId) => inspector.getJobState(jobId) };
}

afterEach(async () => {
  await Promise.all(closing.splice(0).map((queue) => queue.close()));
  failures.length = 0;
});

describe('the BullMQ queue', () => {
  it('runs a job added before its handler once the handler is there (issue 31 §5)', async () => {
    const { queue, stateOf } = newQueue();
    await queue.add('purge', { school: '0693284V' }, 'purge-1');
    // The worker takes the job while no handler exists: it must wait (delayed), not fail.
    await waitUntil('the worker took the job', async () => !['waiting', 'active'].includes(await stateOf('purge-1')), 30_000);
    expect(await stateOf('purge-1')).toBe('delayed');
    const seen: unknown[] = [];
    queue.handle('purge', async (data) => void seen.push(data));
    await waitUntil('the job waiting for its handler ran', () => seen.length === 1, 30_000);
    expect(seen).toEqual([{ school: '0693284V' }]);
    expect(failures).toEqual([]);
  });

  it('runs a job once when its id is added twice', async () => {
    const { queue } = newQueue();
    const seen: unknown[] = [];
    queue.handle('purge', async (data) => void seen.push(data));
    await queue.add('purge', 1, 'purge-2');
    await queue.add('purge', 2, 'purge-2');
    await queue.idle();
    expect(seen).toEqual([1]);
  });

  it('runs the jobs behind a long one meanwhile', async () => {
    const { queue } = newQueue();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done: string[] = [];
    queue.handle('send', async () => {
      await released;
      done.push('send');
    });
    queue.handle('purge', async (data) => void done.push(String(data)));
    await queue.add('send', null, 'send-1');
    await queue.add('purge', 'purge-1', 'purge-1');
    await queue.add('purge', 'purge-2', 'purge-2');
    await waitUntil('the purges ran while the send was out', () => done.length === 2, 30_000);
    expect(done.sort()).toEqual(['purge-1', 'purge-2']);
    release();
    await queue.idle();
    expect(done).toContain('send');
  });
});
