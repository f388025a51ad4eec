import type { ErrorCode, ErrorDetails } from '@console/contract';
import type { RemoteQuery, RemoteRows } from './remote-database.js';

/** An error sent between threads: its message, and an AppError's code and details to throw it again. */
export type SentError = {
  message: string;
  stack?: string;
  appError?: { code: ErrorCode; details: ErrorDetails | undefined; extra: Record<string, unknown> | undefined };
};

/** What the pool sends a worker: a task, or the answer to one of its queries. */
export type ToWorker =
  | { kind: 'task'; payload: unknown }
  | { kind: 'rows'; queryId: number; rows: RemoteRows }
  | { kind: 'query-failed'; queryId: number; error: SentError };

/** What a worker sends the pool: a query of its task, how far the task is, then the task's result or error. */
export type FromWorker =
  | { kind: 'query'; queryId: number; query: RemoteQuery }
  | { kind: 'progress'; progress: unknown }
  | { kind: 'done'; result: unknown }
  | { kind: 'failed'; error: SentError };

/**
 * The memory of byte arrays that may move to another thread (a task's file, its answer): each
 * array's own, whole. An array sharing its memory with others (a small Buffer cut from Node's
 * pool) is copied instead, since moving that memory would empty the others.
 */
export function ownMemoryOf(arrays: readonly Uint8Array[]): ArrayBuffer[] {
  const owned = new Set<ArrayBuffer>();
  for (const array of arrays) {
    const memory = array.buffer;
    if (memory instanceof ArrayBuffer && array.byteOffset === 0 && array.byteLength === memory.byteLength) owned.add(memory);
  }
  return [...owned];
}
