import { z } from 'zod';
import { defineRoute } from '../http.js';
import { recordIdParamSchema, recordIdSchema } from '../ids.js';
import { PROFILE_NAMES } from '../rights.js';
import { uaiFieldSchema } from '../rules/uai.js';
import { IMPORT_MODES } from './modes.js';

/**
 * The import calls (spec 3 §3, §7): a file is verified (`POST /users/batch`: read, checked line by
 * line against the school, nothing written but the verified batch), previewed, then confirmed or
 * cancelled (`POST /users/batch/{id}`). The spec's `PATCH /users/batch` and `PUT /users/teaching`
 * confirm an update and a teaching import by their number, as `POST /users/batch/{id}` does.
 */

/** The multipart fields of a verification: the file, its mode and the school it goes into. */
export const IMPORT_FILE_FIELD = 'csvfile';
export const IMPORT_MODE_FIELD = 'mode';
export const IMPORT_SCHOOL_FIELD = 'uai';

/** The verification's fields other than the file. */
export const importVerifyFieldsSchema = z.object({
  mode: z.enum(IMPORT_MODES, { error: 'imports.errors.unknown_mode' }),
  uai: uaiFieldSchema,
});

/** What an import does with a line once confirmed. */
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'teaching'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** One field an update changes, as the preview shows it (before → after); a password shows neither value. */
export const importChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** True when the school's rule makes the value other than the file's (a name upper-cased, a login cleaned). */
  byRule: z.boolean().optional(),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

/** A previewed line (spec 3 §3): the user as the import leaves them, and what it does. */
export const importUserSchema = z.object({
  /** The file's line (1 is the header line); what `excludeUsers` names. */
  line: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  /** The user changed; null for a user the import creates. */
  userId: z.number().int().nullable(),
  informations: z.object({
    uai: z.string(),
    profile: z.enum(PROFILE_NAMES),
    lastName: z.string(),
    firstName: z.string(),
    login: z.string(),
    /** The password the import sets, for a caller who may see passwords; else null. */
    password: z.string().nullable(),
    level: z.string().nullable(),
    class: z.string().nullable(),
    adminMode: z.number().int(),
    subject: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** The options the user ends with; `idOption` null for one the import creates. */
  options: z.array(z.object({ idOption: z.number().int().nullable(), name: z.string() })),
  /** The applications the line sets: enabled (1) or removed (0), with the credentials it gives. */
  applications: z.array(
    z.object({
      idApplication: z.number().int(),
      etat: z.number().int().nullable(),
      login: z.string().nullable(),
      code: z.string().nullable(),
      /** Given because the school gives it to new users of this profile, the file not naming it. */
      bySchool: z.boolean().optional(),
    }),
  ),
  teaching: z.array(z.object({ class: z.string(), discipline: z.string() })),
  /** An update's changed fields; empty otherwise. */
  changes: z.array(importChangeSchema),
  /**
   * A line of a new-users file that names a user already in the school, by the login it gives or
   * (without one) by the same profile, names and level or class: it is planned as an update of
   * that user rather than a second account, and the console leaves it out unless ticked.
   */
  existing: z.object({ by: z.enum(['login', 'names']) }).optional(),
  /**
   * A login the rules made with a number, because `plain` was held by the file's line `heldBy`
   * or, when null, by an account.
   */
  numberedLogin: z.object({ plain: z.string(), heldBy: z.number().int().nullable() }).optional(),
});
export type ImportUser = z.infer<typeof importUserSchema>;

export const importCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  teaching: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** A verified file (spec 3 §3): its import number, the previewed lines and what they do. */
export const importCheckAnswerSchema = z.object({
  importNumber: z.number().int(),
  mode: z.enum(IMPORT_MODES, { error: 'imports.errors.unknown_mode' }),
  uai: z.string(),
  /** How the file was read. */
  format: z.object({ encoding: z.string(), separator: z.string() }),
  /** The file's columns the import reads past (those the product sets itself, as an export gives them). */
  ignoredColumns: z.array(z.string()),
  users: z.array(importUserSchema),
  counts: importCountsSchema,
});
export type ImportCheckAnswer = z.infer<typeof importCheckAnswerSchema>;

/**
 * The caller's verification at work in a school (issue 31 §1), for the import view to show its
 * progress: the file being read (`read`), then its lines planned against the school (`plan`),
 * `done` out of `total`. Not running: no verification of theirs in that school now.
 */
export const importVerificationSchema = z.object({
  running: z.boolean(),
  phase: z.enum(['read', 'plan']).nullable(),
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportVerification = z.infer<typeof importVerificationSchema>;

/** The verification's refusal when lines have problems: the problems beside the error's code (spec 3 §8: items carry `msg`). */
export const importProblemSchema = z.object({
  msg: z.string(),
  line: z.number().int(),
  field: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** Most lines a confirmation may leave out: every line of the largest file. */
export const MAX_EXCLUDED_LINES = 1_000_000;

export const importConfirmBodySchema = z.object({
  /** 1 applies the verified batch, 0 cancels it. */
  confirmation: z.union([z.literal(0), z.literal(1)]),
  /** Lines of the file (their `line`) left out of the import. */
  excludeUsers: z.array(z.number().int().min(2).max(MAX_EXCLUDED_LINES)).max(MAX_EXCLUDED_LINES).default([]),
});
export type ImportConfirmBody = z.infer<typeof importConfirmBodySchema>;

/** The confirmation by number, for the spec's `PATCH /users/batch` and `PUT /users/teaching`. */
export const importApplyBodySchema = importConfirmBodySchema
  .omit({ confirmation: true })
  .extend({ importNumber: recordIdSchema });

export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'teaching', 'excluded'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** What a confirmation did: its counts and every line's outcome (the downloadable report). */
export const importResultSchema = z.object({
  importNumber: z.number().int(),
  mode: z.enum(IMPORT_MODES),
  status: z.enum(['applied', 'cancelled']),
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    teaching: z.number().int(),
    excluded: z.number().int(),
  }),
  lines: z.array(
    z.object({
      line: z.number().int(),
      outcome: z.enum(IMPORT_OUTCOMES),
      userId: z.number().int().nullable(),
      login: z.string(),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResultSchema>;

const IMPORT_RIGHT = { area: 'ImportModal', level: 'Ecriture' } as const;

export const verifyImport = defineRoute({
  method: 'POST',
  path: '/users/batch',
  right: IMPORT_RIGHT,
  summary:
    'Verify an import file (multipart/form-data: `csvfile`, `mode` users_initial, users_update or teaching, `uai`): every line is read and checked against the school, nothing is written but the verified batch. A file with problems answers 400 with `errors` (msg, line, field).',
  answer: importCheckAnswerSchema,
});

export const getImportVerification = defineRoute({
  method: 'GET',
  path: '/users/batch/verification',
  right: IMPORT_RIGHT,
  summary:
    'How far the caller’s verification of a file for the school is: the file being read, then its lines planned out of its lines; `running` false when none is at work.',
  query: importVerifyFieldsSchema.pick({ uai: true }),
  answer: importVerificationSchema,
});

export const confirmImport = defineRoute({
  method: 'POST',
  path: '/users/batch/:importNumber',
  right: IMPORT_RIGHT,
  summary:
    'Apply a verified import (confirmation 1), all lines but `excludeUsers`, all or nothing (on the embedded database in steps that other requests run between), or cancel it (confirmation 0).',
  params: z.object({ importNumber: recordIdParamSchema }),
  body: importConfirmBodySchema,
  answer: importResultSchema,
});

export const applyUpdateImport = defineRoute({
  method: 'PATCH',
  path: '/users/batch',
  right: IMPORT_RIGHT,
  summary: 'Apply a verified update import (mode users_update) by its number, as `POST /users/batch/{id}` with confirmation 1.',
  body: importApplyBodySchema,
  answer: importResultSchema,
});

export const applyTeachingImport = defineRoute({
  method: 'PUT',
  path: '/users/teaching',
  right: IMPORT_RIGHT,
  summary: 'Apply a verified teaching import (mode teaching) by its number, as `POST /users/batch/{id}` with confirmation 1.',
  body: importApplyBodySchema,
  answer: importResultSchema,
});
