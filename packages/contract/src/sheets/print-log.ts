import { z } from 'zod';
import { defineRoute } from '../http.js';
import { recordIdParamSchema, recordIdSchema } from '../ids.js';
import { SHEET_LANGUAGES, SHEET_MODES, SHEET_TYPES, SHEETS_RIGHT } from './routes.js';

/**
 * The print log (issue 17, beyond the spec): every sheet printed is written down with who printed
 * it, when, of which type, language and mode, and for how many users; a user's page lists the
 * prints that held their sheet, newest first.
 */

/** The prints a user's page lists: the last ones, newest first. */
export const PRINT_LOG_LIMIT = 50;

export const sheetPrintSchema = z.object({
  id: recordIdSchema,
  printedAt: z.iso.datetime({ offset: true }),
  /** The author's name as it was when they printed. */
  printedBy: z.string(),
  type: z.enum(SHEET_TYPES),
  lang: z.enum(SHEET_LANGUAGES),
  mode: z.enum(SHEET_MODES),
  /** How many users the print held, this one among them. */
  userCount: z.number().int().positive(),
});
export type SheetPrint = z.infer<typeof sheetPrintSchema>;

export const listUserPrints = defineRoute({
  method: 'GET',
  path: '/users/prints/:id',
  right: { area: SHEETS_RIGHT, level: 'Lecture' },
  summary: `The last ${PRINT_LOG_LIMIT} prints that held this user's sheet, newest first: when, by whom, the type, language and mode, and how many users. 404 when the user is out of the caller's reach.`,
  params: z.object({ id: recordIdParamSchema }),
  answer: z.object({ prints: z.array(sheetPrintSchema) }),
});
