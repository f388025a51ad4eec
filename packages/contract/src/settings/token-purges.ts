import { z } from 'zod';
import { recordIdParamSchema } from '../ids.js';
import { uaiFieldSchema } from '../rules/uai.js';
import { TOO_LONG } from '../users/fields.js';
import { platformIdSchema } from './platforms.js';

/**
 * Scheduled token purges (spec 2 §2.8, §3, §4, §5; the Tokens tab): at each due time a task clears
 * the tokens of one platform's applications (the publisher's last word on each access, 'OK' or
 * its error, and when it was checked) for the users of the schools it names, or of every school,
 * so that the next synchronisation asks the publisher again. Messages are translation keys.
 */

export const PURGE_LABEL_REQUIRED = 'settings.errors.purge_label_required';
export const PURGE_START_REQUIRED = 'settings.errors.purge_start_required';
export const PURGE_UAIS_REQUIRED = 'settings.errors.purge_uais_required';
export const UNKNOWN_PURGE_SCHOOL = 'settings.errors.unknown_purge_school';

/** The frequencies the form offers; MINUTE is accepted (and shown) when a stored task has it. */
export const PURGE_FREQUENCIES = ['IMMEDIATE', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export const PURGE_INTERVALS = ['IMMEDIATE', 'MINUTE', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type PurgeInterval = (typeof PURGE_INTERVALS)[number];

/** The start date the form proposes: now, seconds and milliseconds zeroed (spec 2 §9). */
export function defaultPurgeStart(now: Date = new Date()): Date {
  const start = new Date(now);
  start.setSeconds(0, 0);
  return start;
}

const uaiListSchema = z
  .array(uaiFieldSchema)
  .min(1, PURGE_UAIS_REQUIRED)
  .max(5000)
  .transform((uais) => [...new Set(uais)]);

/**
 * The schools a task purges: a list of UAIs (duplicates dropped), or 'all'. Not a zod union: a
 * union's failure says only "invalid input", where the form needs the list's own message.
 */
export const purgeUaisSchema = z.union([z.literal('all'), z.array(z.string())]).transform((value, context): 'all' | string[] => {
  if (value === 'all') return 'all';
  const parsed = uaiListSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

/** A purge task as the list shows it (spec 2 §3), with what its last run removed. */
export const purgeTaskSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  createdByFullName: z.string(),
  enable: z.boolean(),
  /** ISO date-times. */
  startDate: z.string(),
  lastExecution: z.string().nullable(),
  /** Token statuses the last run cleared; null before the first run. */
  lastRemoved: z.number().int().nullable(),
  /** When it runs next; null ('ø') when disabled or done. */
  nextRun: z.string().nullable(),
  intervalField: z.enum(PURGE_INTERVALS),
  intervalValue: z.number().int(),
  procedureParameters: z.object({
    arrayUai: z.union([z.literal('all'), z.array(z.string())]),
    arrayPlatforms: z.array(z.string()),
  }),
});
export type PurgeTask = z.infer<typeof purgeTaskSchema>;
export const purgeTasksSchema = z.array(purgeTaskSchema);

/** The create payload (spec 2 §3, §5): label and start date required, one of the five frequencies. */
export const purgeTaskCreateSchema = z.object({
  eventName: z.string().trim().min(1, PURGE_LABEL_REQUIRED).max(200, TOO_LONG),
  platformId: platformIdSchema,
  startDate: z.iso.datetime({ offset: true, error: PURGE_START_REQUIRED }),
  intervalField: z.enum(PURGE_FREQUENCIES),
  uais: purgeUaisSchema,
});
export type PurgeTaskCreate = z.infer<typeof purgeTaskCreateSchema>;

/** The edit payload: the same plus enable; a stored MINUTE may be kept. */
export const purgeTaskUpdateSchema = purgeTaskCreateSchema.extend({
  intervalField: z.enum(PURGE_INTERVALS),
  enable: z.boolean(),
});
export type PurgeTaskUpdate = z.infer<typeof purgeTaskUpdateSchema>;

/** A task in a path: the spec writes `{eventId}` for the edit and `{id}` for the delete; one name here, the same URLs. */
export const purgeTaskParamsSchema = z.object({ eventId: recordIdParamSchema });

/** What a purge of these schools and this platform would clear now (the preview, beyond the spec). */
export const purgePreviewSchema = z.object({ tokens: z.number().int(), users: z.number().int() });
export const purgePreviewQuerySchema = z.object({
  platformId: platformIdSchema,
  /** Comma-separated UAIs, or 'all'. */
  uais: z
    .string()
    .trim()
    .transform((text) => (text === 'all' ? 'all' : text.split(',').filter((uai) => uai.trim() !== '')))
    .pipe(purgeUaisSchema),
});
