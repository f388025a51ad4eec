import { sql } from 'drizzle-orm';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/context.js';
import type { DatabaseHandle } from '#platform/db/client.js';
import { profiles } from '#platform/db/schema/index.js';
import { AppError } from '#platform/errors/app-error.js';
import { WorkerPool } from './worker-pool.js';

let handle: DatabaseHandle;
let pool: WorkerPool;

beforeAll(async () => {
  handle = await createTestDatabase();
  pool = new WorkerPool(new URL('./fixtures/probe.worker.js', import.meta.url), { size: 1, idleMs: 60_000 });
});

afterAll(async () => {
  await pool.close();
  await handle.close();
});

describe('WorkerPool', () => {
  it('runs a task in another thread', async () => {
    const workerThread = await pool.run<number>(handle.db, { kind: 'thread' });
    expect(workerThread).not.toBe(threadId);
  });

  it("answers a worker's queries from the main thread's database, as Drizzle reads them there", async () => {
    const answer = await pool.run<{ executed: unknown[]; built: unknown[] }>(handle.db, { kind: 'read' });
    const executed = await handle.db.execute(sql`select id, name from profiles where id = ${1}`);
    const built = await handle.db.select({ id: profiles.id, name: profiles.name }).from(profiles).orderBy(profiles.id).limit(2);
    expect(answer.executed).toEqual(executed.rows);
    expect(answer.built).toEqual(built);
    expect(built).toHaveLength(2);
  });

  it('keeps the main thread free while a task works', async () => {
    const events: string[] = [];
    const busy = pool.run<string>(handle.db, { kind: 'busy', ms: 1500 }).then(() => events.push('task done'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    events.push('main thread answered');
    await busy;
    expect(events).toEqual(['main thread answered', 'task done']);
  });

  it('gives what a task reports of its progress to the caller, in order, before its result', async () => {
    const reports: unknown[] = [];
    const result = await pool.run<string>(handle.db, { kind: 'report', steps: 3 }, (progress) => reports.push(progress));
    expect(result).toBe('reported');
    expect(reports).toEqual([{ step: 1 }, { step: 2 }, { step: 3 }]);
  });

  it('moves the memory a task hands over whole, and copies what shares its memory, intact either way', async () => {
    const answer = await pool.run<{ parts: Uint8Array[]; moved: number; neighbour: Uint8Array }>(handle.db, { kind: 'bytes' });
    const text = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    expect(answer.moved).toBe(1);
    expect(answer.parts.map(text)).toEqual(['é'.repeat(10_000), 'petit']);
    expect(text(answer.neighbour)).toBe('voisin');
  });

  it("throws a worker's AppError again with its code, details and extra fields", async () => {
    const error = await pool.run(handle.db, { kind: 'refuse' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'validation_failed',
      message: 'refused in the worker',
      details: { reason: 'import_invalid', params: { count: 2 } },
      extra: { errors: [{ line: 3 }] },
    });
  });

  it('fails a task whose query fails, and goes on serving', async () => {
    await expect(pool.run(handle.db, { kind: 'bad-query' })).rejects.toThrow(/no_such_table/);
    expect(await pool.run<number>(handle.db, { kind: 'thread' })).not.toBe(threadId);
  });

  it('fails the task of a worker that dies, and runs the next on a new one', async () => {
    const before = await pool.run<number>(handle.db, { kind: 'thread' });
    await expect(pool.run(handle.db, { kind: 'die' })).rejects.toThrow(/exit code 3/);
    const after = await pool.run<number>(handle.db, { kind: 'thread' });
    expect(after).not.toBe(before);
  });

  it("fails the task that fills its capped heap with Node's out-of-memory code, and runs the next on a new worker", async () => {
    const capped = new WorkerPool(new URL('./fixtures/probe.worker.js', import.meta.url), {
      size: 1,
      idleMs: 60_000,
      maxHeapMb: 48,
    });
    try {
      const before = await capped.run<number>(handle.db, { kind: 'thread' });
      const error = await capped.run(handle.db, { kind: 'hoard' }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
      const after = await capped.run<number>(handle.db, { kind: 'thread' });
      expect(after).not.toBe(before);
    } finally {
      await capped.close();
    }
  });

  it('queues tasks beyond its size and runs them all', async () => {
    const threads = await Promise.all([1, 2, 3].map(() => pool.run<number>(handle.db, { kind: 'thread' })));
    expect(new Set(threads).size).toBe(1);
  });
});
