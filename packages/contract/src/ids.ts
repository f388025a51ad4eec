import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column, the type of every row id here. */
export const RECORD_ID_MAX = 2_147_483_647;

/**
 * A row id in a body: a positive integer within the id columns' range, so that an id out of that
 * range answers 400 instead of reaching the database (where it would fail as a 500).
 */
export const recordIdSchema = z.number().int().positive().max(RECORD_ID_MAX);

/** A row id in a path or query parameter (text, coerced), within the same range. */
export const recordIdParamSchema = z.coerce.number().int().positive().max(RECORD_ID_MAX);
