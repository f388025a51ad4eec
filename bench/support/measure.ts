import { Worker } from 'node:worker_threads';

export type LoadResult = { latencies: number[]; serverTimes: number[]; statuses: Record<string, number>; seconds: number };

export type LoadOptions = {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  bodies?: string[];
  concurrency: number;
  durationMs: number;
};

/** Runs the load generator in a worker thread and answers what it measured. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export function requestsPerSecond(result: LoadResult): number {
  return result.latencies.length / result.seconds;
}

export function formatMs(value: number): string {
  return `${value.toFixed(1)} ms`;
}
