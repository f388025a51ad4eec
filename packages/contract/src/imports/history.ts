import { z } from 'zod';
import { defineRoute } from '../http.js';
import { recordIdParamSchema } from '../ids.js';
import { importResultSchema, importVerifyFieldsSchema } from './batch.js';
import { IMPORT_MODES } from './modes.js';

/**
 * The import history and the rollback (issue 15): a school's imports, newest first, and the
 * rollback of an applied one as one batch (the users it created removed, the fields it updated
 * restored) for `ROLLBACK_DAYS` after it was applied.
 */

/** How long after it was applied an import may be rolled back. */
export const ROLLBACK_DAYS = 7;

/** Most imports the history answers: the newest ones. */
export const IMPORT_HISTORY_MAX = 100;

/**
 * A batch's life: verified, then applied or cancelled; an applied one may be rolled back. On the
 * embedded database a confirmation is `applying` while its steps run (then applied, or verified
 * again when it failed).
 */
export const IMPORT_STATUSES = ['verified', 'applying', 'applied', 'cancelled', 'rolled_back'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One import of the history (dates are ISO date-times). */
export const importHistoryEntrySchema = z.object({
  importNumber: z.number().int(),
  mode: z.enum(IMPORT_MODES),
  status: z.enum(IMPORT_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  /** The author's name, as it was when they verified the file. */
  createdBy: z.string(),
  /** When it was applied or cancelled; null while only verified. */
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  /** What it did when applied (kept once rolled back); null when it never was. */
  counts: importResultSchema.shape.counts.nullable(),
  /** The end of the rollback window of an applied import; null for any other. */
  rollbackUntil: z.iso.datetime({ offset: true }).nullable(),
  /** When it was rolled back; null unless it was. */
  rolledBackAt: z.iso.datetime({ offset: true }).nullable(),
  /** Whether the caller may roll it back now: applied, within the window, and theirs. */
  canRollBack: z.boolean(),
  /** While its confirmation is at work (`applying`): the lines applied out of those to apply; else null. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
});
export type ImportHistoryEntry = z.infer<typeof importHistoryEntrySchema>;

export const listImports = defineRoute({
  method: 'GET',
  path: '/users/batch',
  right: { area: 'ImportModal', level: 'Lecture' },
  summary: `The imports of a school, newest first (at most ${IMPORT_HISTORY_MAX}): number, dates, author, mode, counts, status, and whether the caller may roll each back.`,
  query: importVerifyFieldsSchema.pick({ uai: true }),
  answer: z.array(importHistoryEntrySchema),
});

export const rollBackImport = defineRoute({
  method: 'POST',
  path: '/users/batch/:importNumber/rollback',
  right: { area: 'ImportModal', level: 'Ecriture' },
  summary: `Roll back an applied import as one batch, within ${ROLLBACK_DAYS} days of its application and by its author: the users it created are removed, what it updated is restored (fields, options, accesses), its teaching assignments are removed.`,
  params: z.object({ importNumber: recordIdParamSchema }),
  answer: importHistoryEntrySchema,
});
