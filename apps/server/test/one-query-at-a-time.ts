import pg from 'pg';
import { afterAll, expect } from 'vitest';

/**
 * Integration setup: a file whose code sent a second query to a connection still running one (two
 * reads at once in a transaction) fails. node-postgres queues it with a deprecation warning, and
 * pg 9 will refuse it: readTogether (platform/db/reads.ts) is how reads run together. Only the
 * PostgreSQL run can see it.
 *
 * Node prints a deprecation once per process, and the files of a worker share one (`isolate:
 * false`, vitest.config.ts): rather than the warning, the check is pg's own (a query given to a
 * client whose queue holds one already, outside pipeline mode), made before each query by a
 * wrapper set once per process. Each file reads, and empties, what its own queries did.
 */
type QueuingClient = { _queryQueue: unknown[]; pipeline?: boolean };
const RECORD = Symbol.for('console.test.queuedQueries');

function recordQueuedQueries(): string[] {
  const queued: string[] = [];
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: QueuingClient, ...args: unknown[]) {
    if (this._queryQueue.length > 0 && !this.pipeline) {
      const first = args[0] as { text?: unknown } | string | undefined;
      queued.push(String(typeof first === 'string' ? first : first?.text));
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return queued;
}

const holder = globalThis as { [RECORD]?: string[] };
const queued = (holder[RECORD] ??= recordQueuedQueries());
queued.length = 0;

afterAll(() => {
  const found = queued.splice(0);
  expect(found, 'a connection was sent a query while it ran another').toEqual([]);
});
