import { sql } from 'drizzle-orm';

/**
 * Set-based statements' parameters: many rows or ids as ONE parameter, so that a statement on
 * 10,000 users binds one value, not 10,000 (thousands of bound parameters cost PGlite more than
 * the query).
 */

/**
 * Rows as one json parameter, read back with `json_to_recordset(...) as r(col type, ...)`. json
 * rather than jsonb: the rows are read once, and jsonb would first build its binary form (60,000
 * access rows: 150 ms as json, 230 ms as jsonb on PostgreSQL, 240 and 290 ms on PGlite).
 */
export const jsonRows = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;

/** Ids as one int[] parameter, for `= any(...)`. */
export const intArray = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;
