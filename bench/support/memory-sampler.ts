// The memory probes' instruments (support/import-memory.ts, support/export-memory.ts): a sampler
// of the resident memory's peak on another thread, and the heap plus external memory now.
import { Worker } from 'node:worker_threads';

/** Starts the sampler (every 5 ms, support/rss-sampler-worker.mjs) and waits until it has taken its first sample. */
export async function startSampler(): Promise<Worker> {
  const worker = new Worker(new URL('./rss-sampler-worker.mjs', import.meta.url));
  await new Promise((resolve) => worker.once('message', resolve));
  return worker;
}

/** Stops the sampler and answers the peak resident memory it saw, bytes. */
export function stopSampler(worker: Worker): Promise<number> {
  return new Promise((resolve) => {
    worker.once('message', (peak: number) => {
      void worker.terminate();
      resolve(peak);
    });
    worker.postMessage('stop');
  });
}

/** V8 heap used plus external memory (Buffers, strings outside the heap), bytes. */
export function heapAndExternal(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}
