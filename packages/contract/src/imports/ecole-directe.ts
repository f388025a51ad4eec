import { z } from 'zod';
import { CSV_MEDIA_TYPE } from '../exports/routes.js';
import { fileAnswerSchema } from '../file-answer.js';
import { defineRoute } from '../http.js';
import { hasUaiShape, UAI_FORMAT_MESSAGE, uaiParamsSchema } from '../rules/uai.js';
import { importProblemSchema } from './batch.js';

/**
 * The import of a school's users from EcoleDirecte (spec 2 §2.11, §7): the school's pupils and
 * teachers fetched with its token, those it lacks written as the lines of a new-users import and
 * verified as a file is; the batch is then confirmed, rolled back and listed as any other. Lines
 * with problems are left out of the batch and said (`errors`), so that the rest can be imported
 * (the confirmation's `excludeUsers`).
 */

/** Whose users are fetched (spec 2 §2.11): everyone, the teachers or the pupils. */
export const ECOLE_DIRECTE_PROFILES = ['all', 'teachers', 'students'] as const;
export type EcoleDirecteProfile = (typeof ECOLE_DIRECTE_PROFILES)[number];

/** The longest token accepted (EcoleDirecte's are a few dozen characters). */
export const ECOLE_DIRECTE_TOKEN_MAX = 500;

export const ecoleDirecteImportSchema = z
  .object({
    /** The token to fetch with; absent or empty: the school's saved one. */
    token: z.string().trim().max(ECOLE_DIRECTE_TOKEN_MAX).optional(),
    /** Another school whose roster is fetched (an adjacent school sharing EcoleDirecte); empty: the school's own. */
    adjacentUai: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => value === '' || hasUaiShape(value), UAI_FORMAT_MESSAGE)
      .default(''),
    nextYear: z.boolean().default(false),
    profil: z.enum(ECOLE_DIRECTE_PROFILES).default('all'),
  })
  .strict();
export type EcoleDirecteImport = z.input<typeof ecoleDirecteImportSchema>;

export const ecoleDirecteImportAnswerSchema = z.object({
  /** The lines the batch will write; 0 when every user is in the school already (no batch then). */
  nbLinesToImport: z.number().int(),
  /** The verified batch to confirm (`POST /users/batch/{importNumber}`), or null when there is none. */
  importNumber: z.number().int().nullable(),
  /** The lines left out for their problems, by line of the import's file (the confirmation's `excludeUsers`). */
  errors: z.array(importProblemSchema),
});
export type EcoleDirecteImportAnswer = z.infer<typeof ecoleDirecteImportAnswerSchema>;

export const importFromEcoleDirecte = defineRoute({
  method: 'POST',
  path: '/users/batch/ecole-directe/:uai',
  right: { area: 'ImportModal', level: 'Ecriture' },
  summary:
    "Fetches the school's pupils and teachers from EcoleDirecte (its token, or the saved one) and verifies those it lacks as a new-users import: answers the batch's number and lines, and the lines left out for their problems. 400 ecole_directe_token_missing or _token_invalid, 409 ecole_directe_school_unavailable, 503 ecole_directe_unavailable.",
  params: uaiParamsSchema,
  body: ecoleDirecteImportSchema,
  answer: ecoleDirecteImportAnswerSchema,
});

/** The roster's download (spec 2 §7): whose users and which school and year, as the import asks. */
export const ecoleDirecteExportQuerySchema = z.object({
  profil: z.enum(ECOLE_DIRECTE_PROFILES).default('all'),
  adjacentUai: ecoleDirecteImportSchema.shape.adjacentUai,
  nextYear: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** The columns of the roster's download. */
export const ECOLE_DIRECTE_EXPORT_HEADER = ['Profil', 'Nom', 'Prénom', 'Classe', 'Niveau', 'Identifiant EcoleDirecte'] as const;

export const exportEcoleDirecteUsers = defineRoute({
  method: 'GET',
  path: '/schools/:uai/exports/ecole-directe',
  right: { area: 'ImportModal', level: 'Ecriture' },
  summary:
    "The school's EcoleDirecte roster as fetched with its saved token (every pupil and teacher, whether the school has them or not), as a CSV file named after the school for a spreadsheet (';', a byte-order mark, formulas guarded). Fails as the import does.",
  params: uaiParamsSchema,
  query: ecoleDirecteExportQuerySchema,
  answer: fileAnswerSchema,
  produces: [CSV_MEDIA_TYPE],
});
