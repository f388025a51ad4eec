import type { PgSession } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pg-proxy';
import type { Database } from '#platform/db/client.js';
import * as schema from '#platform/db/schema/index.js';

/**
 * A query a worker thread sends to the main thread, which holds the database: its text and
 * parameters as Drizzle wrote them, and how Drizzle wants its rows (`all`: arrays in the select's
 * order, for the query builder; `execute`: objects, for `db.execute`).
 */
export type RemoteQuery = { sql: string; params: unknown[]; method: 'all' | 'execute' };

/** The answer to a RemoteQuery: the rows, and for `execute` the row count as drivers give it. */
export type RemoteRows = { rows: unknown[]; rowCount: number | null };

/**
 * A database for code running in a worker thread: each query is asked of the main thread through
 * `ask` and runs there on the product's own database (PGlite lives on the main thread; PostgreSQL
 * keeps one pool). Reads only: a transaction throws. Typed as the product's Database, which it
 * matches for queries and `execute` (whose answer carries `rows` as node-postgres's does).
 */
export function remoteDatabase(ask: (query: RemoteQuery) => Promise<RemoteRows>): Database {
  const db = drizzle(
    async (sql, params, method) => {
      const answer = await ask({ sql, params, method: method === 'all' ? 'all' : 'execute' });
      // pg-proxy's execute answers what `rows` holds: give it the whole result, as node-postgres does.
      return { rows: method === 'all' ? answer.rows : (answer as unknown as unknown[]) };
    },
    { schema },
  );
  return db as unknown as Database;
}

/**
 * Runs a worker's query on the main thread's database exactly as Drizzle would have run it there:
 * the same driver, the same type parsers (dates kept as text for Drizzle's own mapping).
 */
export async function runRemoteQuery(db: Database, query: RemoteQuery): Promise<RemoteRows> {
  const session: PgSession = db._.session as unknown as PgSession;
  const arrays = query.method === 'all';
  const prepared = session.prepareQuery(
    { sql: query.sql, params: query.params },
    undefined,
    undefined,
    arrays,
    // With a result mapper and no fields, both drivers run the query in array mode and answer its rows.
    arrays ? (rows: unknown[]) => rows : undefined,
  );
  const result = (await prepared.execute()) as unknown[] | { rows: unknown[]; rowCount?: number | null; affectedRows?: number };
  if (Array.isArray(result)) return { rows: result, rowCount: result.length };
  return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? null };
}
