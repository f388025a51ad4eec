import type { Database } from '#platform/db/client.js';

type Queryable = { query: (...args: unknown[]) => unknown };
export type DatabaseCut = { restore: () => void; wasCut: () => boolean };

/**
 * Makes the database unreachable for every query outside a transaction, as a PostgreSQL restart
 * does (issue 11 §3), from `start` on (at once, or right after the next transaction commits)
 * until `restore()`. Works on both engines: it wraps the client's own `query` (PGlite's or the pg
 * pool's), which transactions do not use (they run on their own connection or PGlite's inner path).
 */
function cutDatabase(db: Database, start: 'now' | 'after-next-commit'): DatabaseCut {
  const client = (db as unknown as { $client: Queryable }).$client;
  const originalQuery = client.query;
  const originalTransaction = db.transaction;
  let cut = start === 'now';
  let wasCut = cut;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (cut) return Promise.reject(new Error('Connection terminated unexpectedly'));
    return originalQuery.apply(this, args);
  };
  db.transaction = async function (this: Database, ...args: Parameters<Database['transaction']>) {
    if (cut) throw new Error('Connection terminated unexpectedly');
    const result = await originalTransaction.apply(this, args);
    cut = true;
    wasCut = true;
    return result;
  } as Database['transaction'];
  return {
    restore() {
      client.query = originalQuery;
      db.transaction = originalTransaction;
      cut = false;
    },
    wasCut: () => wasCut,
  };
}

/** The database lost right after the next commit: a write whose answer is read after its commit fails under it. */
export function cutAfterNextCommit(db: Database): DatabaseCut {
  return cutDatabase(db, 'after-next-commit');
}

/** The database lost now (as when a mail has just left and the audit entry comes next). */
export function cutNow(db: Database): DatabaseCut {
  return cutDatabase(db, 'now');
}
