import { z } from 'zod';
import { PROFILE_NAMES, type ProfileName } from '../rights.js';
import { recordIdSchema } from '../ids.js';
import { uaiFieldSchema } from '../rules/uai.js';
import { PUSH_PROVIDERS } from '../devices/devices.js';

/**
 * Who a notification reaches (spec 3 §2.5 step 1, §3 'Notification draft'): the users of the
 * schools chosen (all the caller reaches by default), of the profiles ticked (none means all),
 * with an enabled access to one of the applications chosen (none means all), whose subject
 * matches the subject's terms; and their devices' live push tokens.
 */

/** How a term is compared with a user's subject (accents and case aside). */
export const SEARCH_OPERATORS = ['contains', 'startsWith', 'equals'] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];
/** How the terms combine: a subject matching any of them, or all. */
export const LOGICAL_OPERATORS = ['or', 'and'] as const;
export type LogicalOperator = (typeof LOGICAL_OPERATORS)[number];

/** The most terms a subject filter holds, and the most schools or applications one names. */
export const SUBJECT_TERMS_MAX = 20;
export const AUDIENCE_LIST_MAX = 5000;

/** The subject's terms: split at commas and semicolons, trimmed, empty ones dropped. */
export function subjectTermsOf(subject: string): string[] {
  return subject
    .split(/[,;]/)
    .map((term) => term.trim())
    .filter((term) => term.length > 0);
}

export const audienceFilterSchema = z.object({
  /** Empty or ['all']: every school the caller reaches. */
  arrayUai: z
    .array(z.union([z.literal('all'), uaiFieldSchema]))
    .max(AUDIENCE_LIST_MAX)
    .default([]),
  subject: z
    .string()
    .max(500)
    .default('')
    .refine((subject) => subjectTermsOf(subject).length <= SUBJECT_TERMS_MAX, `At most ${SUBJECT_TERMS_MAX} terms`),
  logicalOperator: z.enum(LOGICAL_OPERATORS).default('or'),
  searchOperator: z.enum(SEARCH_OPERATORS).default('contains'),
  arrayProfiles: z
    .array(z.enum(PROFILE_NAMES as [ProfileName, ...ProfileName[]]))
    .max(PROFILE_NAMES.length)
    .default([]),
  arrayApplications: z.array(recordIdSchema).max(AUDIENCE_LIST_MAX).default([]),
});
export type AudienceFilter = z.infer<typeof audienceFilterSchema>;

export const audienceBodySchema = audienceFilterSchema.extend({
  /** 1: the counts only; 0: the counts, then the tokens. */
  count: z.union([z.literal(0), z.literal(1)]).default(1),
});
export type AudienceBody = z.infer<typeof audienceBodySchema>;

export const audienceCountsSchema = z.object({ nbUsers: z.number().int(), nbTokens: z.number().int() });
export const audienceTokenSchema = z.object({
  idUser: z.number().int(),
  token: z.string(),
  provider: z.enum(PUSH_PROVIDERS),
});
/** The counts first (spec 3 §7: "the first list item carries nbUsers and nbTokens"), then with count 0 each live token. */
export const audienceAnswerSchema = z.tuple([audienceCountsSchema]).rest(audienceTokenSchema);
export type AudienceAnswer = z.infer<typeof audienceAnswerSchema>;
