// The import bench's bare baseline: what reading the same file and storing its rows costs with no
// rule at all. Papaparse parses the same bytes, then the rows go into a plain scratch table of
// text columns, by COPY (PostgreSQL: COPY FROM STDIN; PGlite: COPY FROM '/dev/blob', as
// bench/lib/bulk-target.ts loads seed:large) or, on PGlite, by multi-row inserts.
import Papa from 'papaparse';
import type { BulkTarget } from '../lib/bulk-target.js';

export type BaselineMethod = 'copy' | 'insert';

const SCRATCH_TABLE = 'bench_import_scratch';
/** Rows per insert statement: 1,000 × 60 parameters stays under the protocol's 65,535. */
const ROWS_PER_INSERT = 1_000;

const columnsOf = (width: number) => Array.from({ length: width }, (_unused, index) => `c${index + 1}`);

/** Creates (again) the scratch table, one text column per header. */
export async function createScratchTable(target: BulkTarget, width: number): Promise<void> {
  await target.query(`drop table if exists ${SCRATCH_TABLE}`);
  await target.query(
    `create table ${SCRATCH_TABLE} (${columnsOf(width)
      .map((column) => `${column} text`)
      .join(', ')})`,
  );
}

export async function dropScratchTable(target: BulkTarget): Promise<void> {
  await target.query(`drop table if exists ${SCRATCH_TABLE}`);
}

async function insertRows(target: BulkTarget, columns: readonly string[], rows: readonly string[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const tuples = chunk.map(
      (_row, rowIndex) =>
        `(${columns.map((_column, columnIndex) => `$${rowIndex * columns.length + columnIndex + 1}`).join(', ')})`,
    );
    await target.query(`insert into ${SCRATCH_TABLE} (${columns.join(', ')}) values ${tuples.join(', ')}`, chunk.flat());
  }
}

/** A parsed cell as a column stores it: an empty one is null. */
export const cellOrNull = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

/** The bench file's lines under its header, as papaparse reads them with no rule (UTF-8, ';', CRLF). */
export function parseFileLines(bytes: Buffer): string[][] {
  const text = new TextDecoder('utf-8').decode(bytes);
  return Papa.parse<string[]>(text, { delimiter: ';', newline: '\r\n', skipEmptyLines: true }).data.slice(1);
}

/** Parses `bytes` and stores its rows; answers the milliseconds taken (the emptying of the table before is not counted). */
export async function runBaseline(target: BulkTarget, bytes: Buffer, width: number, method: BaselineMethod): Promise<number> {
  await target.query(`truncate ${SCRATCH_TABLE}`);
  const started = performance.now();
  const rows = parseFileLines(bytes).map((row) =>
    row.length === width ? row : [...row, ...Array<string>(Math.max(0, width - row.length)).fill('')].slice(0, width),
  );
  const columns = columnsOf(width);
  if (method === 'copy') await target.copy(SCRATCH_TABLE, columns, rows);
  else await insertRows(target, columns, rows);
  const elapsed = performance.now() - started;
  const [stored] = await target.query<{ count: number }>(`select count(*)::int as count from ${SCRATCH_TABLE}`);
  if (stored?.count !== rows.length) throw new Error(`baseline stored ${stored?.count} rows of ${rows.length}`);
  return elapsed;
}
