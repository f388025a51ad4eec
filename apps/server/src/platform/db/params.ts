import { sql } from 'drizzle-orm';

/**
 * Set-based statements' parameters: many rows or ids as ONE parameter, so that a statement on
 * 10,000 users binds one value, not 10,000 (thousands of bound parameters cost PGlite more than
 * the query).
 */

/** Rows as one jsonb parameter, read back with `jsonb_to_recordset(...) as r(col type, ...)`. */
export const jsonbRows = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`;

/** Ids as one int[] parameter, for `= any(...)`. */
export const intArray = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;
