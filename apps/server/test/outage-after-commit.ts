import type { Database } from '../src/platform/db/client.js';

type Queryable = { query: (...args: unknown[]) => unknown };

/**
 * Makes the database unreachable right after the next transaction commits, as a PostgreSQL
 * restart did in production (issue 11 §3): every query outside a transaction then fails as a cut
 * connection does, until `restore()`. A write whose answer is read after its commit fails under
 * it; one whose answer was read inside the transaction (or built from what it wrote) does not.
 * Works on both engines: it wraps the client's own `query` (PGlite's or the pg pool's), which
 * transactions do not use (they run on their own connection or PGlite's internal path).
 */
export function cutAfterNextCommit(db: Database): { restore: () => void; wasCut: () => boolean } {
  const client = (db as unknown as { $client: Queryable }).$client;
  const originalQuery = client.query;
  const originalTransaction = db.transaction;
  let cut = false;
  let wasCut = false;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (cut) return Promise.reject(new Error('Connection terminated unexpectedly'));
    return originalQuery.apply(this, args);
  };
  db.transaction = async function (this: Database, ...args: Parameters<Database['transaction']>) {
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
