import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database } from '#platform/db/client.js';
import { AppError } from '#platform/errors/app-error.js';
import { runRemoteQuery, type RemoteQuery } from './remote-database.js';
import type { FromWorker, SentError, ToWorker } from './worker-messages.js';

/**
 * Where a worker's code is: the bundle's `<name>.js` beside dist/main.js once built. In the
 * sources (tsx, Vitest) it is the `.ts` file beside the pool's caller, started by a two-line
 * module that registers tsx's loader first (Node 20 does not apply a worker's `--import` hooks
 * to its own entry file). tsx is a development dependency: only the sources need it.
 */
function workerEntry(url: URL): URL {
  if (existsSync(fileURLToPath(url))) return url;
  const source = new URL(url.href.replace(/\.js$/, '.ts'));
  if (!existsSync(fileURLToPath(source))) throw new Error(`worker code not found: ${fileURLToPath(url)}`);
  const loader = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  );
  const start = `import { register } from ${JSON.stringify(loader.href)}; register(); await import(${JSON.stringify(source.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(start)}`);
}

/** An error a worker sent back, thrown again here as what it was (an AppError keeps its code and details). */
function errorOf(sent: SentError): Error {
  if (sent.appError) return new AppError(sent.appError.code, sent.message, sent.appError.details, sent.appError.extra);
  const error = new Error(sent.message);
  if (sent.stack) error.stack = sent.stack;
  return error;
}

type Task = {
  payload: unknown;
  transfer: ArrayBuffer[];
  db: Database;
  onProgress: ((progress: unknown) => void) | undefined;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = { worker: Worker; task: Task | null };

/**
 * A few worker threads that run the CPU-heavy part of a request (an import's reading and
 * planning) off the event loop, one task at a time each, the rest queued. A task may read the
 * database: its queries come back here and run on the task's `db` (see remote-database.ts). A
 * worker starts on the first task and stops after `idleMs` without one; it never keeps the
 * process alive. A worker that dies fails its task and is replaced by the next one.
 */
export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private readonly entry: URL;
  private readonly idleTimers = new Map<Slot, NodeJS.Timeout>();

  /**
   * `maxHeapMb` caps each worker's V8 heap (old generation). Beyond saving the process from a
   * task gone wild, a cap makes V8 collect sooner: under its default 4 GiB limit V8 lets a heap
   * grow to about four times what was live at its last full collection, and a task that drops
   * what it has used (an import's 80 MiB of lines) keeps it as garbage for seconds. A task that
   * needs more than the cap fails with Node's `ERR_WORKER_OUT_OF_MEMORY`; its worker is replaced.
   */
  constructor(
    url: URL,
    private readonly options: { size: number; idleMs: number; maxHeapMb?: number },
  ) {
    this.entry = workerEntry(url);
  }

  /**
   * Runs one task, its payload copied to the worker (structured clone) but for the memory listed
   * in `transfer`, moved there (unusable here from then on: see ownMemoryOf), its queries run on
   * `db`, what it reports of its progress given to `onProgress`.
   */
  run<Result>(
    db: Database,
    payload: unknown,
    onProgress?: (progress: unknown) => void,
    transfer: ArrayBuffer[] = [],
  ): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ payload, transfer, db, onProgress, resolve: resolve as (result: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Stops every worker; queued and running tasks fail. */
  async close(): Promise<void> {
    for (const task of this.queue.splice(0)) task.reject(new Error('worker pool closed'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new Error('worker pool closed'))));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = [...this.slots].find((candidate) => candidate.task === null) ?? this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      clearTimeout(this.idleTimers.get(slot));
      this.idleTimers.delete(slot);
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage({ kind: 'task', payload: task.payload } satisfies ToWorker, task.transfer);
    }
  }

  private spawn(): Slot | undefined {
    if (this.slots.size >= this.options.size) return undefined;
    const { maxHeapMb } = this.options;
    const worker = new Worker(this.entry, maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } } : {});
    const slot: Slot = { worker, task: null };
    this.slots.add(slot);
    worker.on('message', (message: FromWorker) => void this.receive(slot, message));
    worker.on('error', (error) => void this.retire(slot, error));
    worker.on('exit', (code) => void this.retire(slot, new Error(`worker stopped (exit code ${code})`)));
    return slot;
  }

  private async receive(slot: Slot, message: FromWorker): Promise<void> {
    const task = slot.task;
    if (!task) return;
    if (message.kind === 'query') {
      try {
        const rows = await runRemoteQuery(task.db, message.query as RemoteQuery);
        slot.worker.postMessage({ kind: 'rows', queryId: message.queryId, rows } satisfies ToWorker);
      } catch (error) {
        const sent = { message: error instanceof Error ? error.message : String(error) };
        slot.worker.postMessage({ kind: 'query-failed', queryId: message.queryId, error: sent } satisfies ToWorker);
      }
      return;
    }
    if (message.kind === 'progress') return void task.onProgress?.(message.progress);
    slot.task = null;
    if (message.kind === 'done') task.resolve(message.result);
    else task.reject(errorOf(message.error));
    this.idle(slot);
    this.dispatch();
  }

  /** A worker without a task lets the process exit, and stops after a while. */
  private idle(slot: Slot): void {
    if (slot.task !== null) return;
    slot.worker.unref();
    const timer = setTimeout(() => void this.retire(slot, null), this.options.idleMs);
    timer.unref();
    this.idleTimers.set(slot, timer);
  }

  private async retire(slot: Slot, error: Error | null): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(this.idleTimers.get(slot));
    this.idleTimers.delete(slot);
    slot.task?.reject(error ?? new Error('worker stopped'));
    slot.task = null;
    await slot.worker.terminate();
    this.dispatch();
  }
}
