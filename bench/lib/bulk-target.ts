import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { encodeCopyRow, type CopyValue } from './copy-text.js';

/**
 * One connection that bulk-loads rows with COPY, on either engine: PostgreSQL streams COPY FROM
 * STDIN (pg-copy-streams); PGlite reads the same COPY text from a blob ('/dev/blob').
 */
export type BulkTarget = {
  query: <Row>(text: string, parameters?: unknown[]) => Promise<Row[]>;
  copy: (table: string, columns: readonly string[], rows: readonly CopyValue[][]) => Promise<void>;
  close: () => Promise<void>;
};

/** COPY text in pieces of about this many rows, so that no single string grows huge. */
const ROWS_PER_PIECE = 5_000;

function* copyPieces(rows: readonly CopyValue[][]): Generator<string> {
  for (let start = 0; start < rows.length; start += ROWS_PER_PIECE) {
    let piece = '';
    const end = Math.min(rows.length, start + ROWS_PER_PIECE);
    for (let index = start; index < end; index++) piece += encodeCopyRow(rows[index] as CopyValue[]);
    yield piece;
  }
}

function copyStatement(table: string, columns: readonly string[], source: string): string {
  return `copy ${table} (${columns.map((column) => `"${column}"`).join(', ')}) from ${source}`;
}

export async function openPostgresTarget(databaseUrl: string): Promise<BulkTarget> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    query: async <Row>(text: string, parameters: unknown[] = []) => (await client.query(text, parameters)).rows as Row[],
    copy: async (table, columns, rows) => {
      if (rows.length === 0) return;
      const stream = client.query(copyFrom(copyStatement(table, columns, 'stdin')));
      await pipeline(Readable.from(copyPieces(rows)), stream);
    },
    close: () => client.end(),
  };
}

export function usePgliteTarget(pglite: PGlite): BulkTarget {
  return {
    query: async <Row>(text: string, parameters: unknown[] = []) => (await pglite.query<Row>(text, parameters)).rows,
    copy: async (table, columns, rows) => {
      if (rows.length === 0) return;
      const blob = new Blob([...copyPieces(rows)]);
      await pglite.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob });
    },
    close: async () => {},
  };
}
