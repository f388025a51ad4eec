import { parentPort } from 'node:worker_threads';
import type { Database } from '#platform/db/client.js';
import { AppError } from '#platform/errors/app-error.js';
import { remoteDatabase, type RemoteRows } from './remote-database.js';
import type { FromWorker, SentError, ToWorker } from './worker-messages.js';

/**
 * What a task answers: its result, copied to the main thread (structured clone), but for the
 * memory in `transfer`, which moves there without a copy and is unusable here afterwards.
 */
export type TaskOutcome = { result: unknown; transfer?: ArrayBuffer[] };

function sentErrorOf(error: unknown): SentError {
  if (error instanceof AppError)
    return { message: error.message, appError: { code: error.code, details: error.details, extra: error.extra } };
  if (error instanceof Error) return { message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { message: String(error) };
}

/**
 * The worker side of a WorkerPool (worker-pool.ts): runs each task it is sent with `handle`, one
 * at a time, giving it a database whose queries run on the main thread and a `report` that sends
 * how far it is to the task's `onProgress`. Call it once, at the top of a worker's entry file.
 */
export function serveTasks(
  handle: (payload: unknown, db: Database, report: (progress: unknown) => void) => Promise<TaskOutcome>,
): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  const waiting = new Map<number, { resolve: (rows: RemoteRows) => void; reject: (error: Error) => void }>();
  let nextQueryId = 1;
  const send = (message: FromWorker) => port.postMessage(message);
  const db = remoteDatabase(
    (query) =>
      new Promise<RemoteRows>((resolve, reject) => {
        const queryId = nextQueryId++;
        waiting.set(queryId, { resolve, reject });
        send({ kind: 'query', queryId, query });
      }),
  );
  port.on('message', (message: ToWorker) => {
    if (message.kind === 'task') {
      handle(message.payload, db, (progress) => send({ kind: 'progress', progress })).then(
        (outcome) => port.postMessage({ kind: 'done', result: outcome.result } satisfies FromWorker, outcome.transfer ?? []),
        (error: unknown) => send({ kind: 'failed', error: sentErrorOf(error) }),
      );
      return;
    }
    const query = waiting.get(message.queryId);
    waiting.delete(message.queryId);
    if (message.kind === 'rows') query?.resolve(message.rows);
    else query?.reject(new Error(message.error.message));
  });
}
