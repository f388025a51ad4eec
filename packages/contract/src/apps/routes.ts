import { z } from 'zod';
import { defineRoute } from '../http.js';
import { hasUaiShape, uaiFieldSchema } from '../rules/uai.js';

/** The digital-textbook publishers whose tokens the console synchronises (spec 1 §2, overview). */
export const PUBLISHERS = ['edulib', 'le-livre-scolaire'] as const;
export type Publisher = (typeof PUBLISHERS)[number];
export const publisherSchema = z.enum(PUBLISHERS);

/** How the publishers are named to people (Commentaire texts, forms). */
export const PUBLISHER_LABELS: Record<Publisher, string> = {
  edulib: 'Edulib',
  'le-livre-scolaire': 'Le Livre Scolaire',
};

/** The value of `valid_token` when the publisher says the token is valid; anything else is its error. */
export const VALID_TOKEN = 'OK';

/** The token report lists at most this many users per application (then `truncated` is true). */
export const TOKEN_REPORT_USERS_PER_APPLICATION = 1000;

export const syncTokensParamsSchema = z.object({
  publisher: publisherSchema,
  /** A school's UAI, or `all` for every school the caller reaches. */
  target: z
    .string()
    .trim()
    .refine((target) => target === 'all' || hasUaiShape(target), 'uai_or_all'),
});

/** The answer of a synchronisation: a sentence for the toast, success or error. */
export const syncTokensAnswerSchema = z.object({
  Commentaire: z.string(),
  ok: z.boolean(),
});
export type SyncTokensAnswer = z.infer<typeof syncTokensAnswerSchema>;

export const syncTokens = defineRoute({
  method: 'POST',
  path: '/apps/:publisher/update/:target',
  right: { area: 'Overview', level: 'Ecriture' },
  summary:
    "Ask the publisher whether the tokens of a school's (or all the caller's schools') users are valid and record its answer per access. A publisher that is not configured, down or slow gives ok:false and a Commentaire saying so; nothing is written then.",
  params: syncTokensParamsSchema,
  answer: syncTokensAnswerSchema,
});

export const tokenReportUserSchema = z.object({
  Nom: z.string(),
  Prenom: z.string(),
  Login: z.string(),
  /** The publisher's error for this access. */
  Erreur: z.string(),
});

export const tokenReportApplicationSchema = z.object({
  idApplication: z.number().int(),
  name: z.string(),
  users: z.array(tokenReportUserSchema),
  /** Users of this school in error for this application, listed or not. */
  total: z.number().int(),
  /** True when some of them are not listed (see TOKEN_REPORT_USERS_PER_APPLICATION). */
  truncated: z.boolean(),
});

export const tokenReportSchoolSchema = z.object({
  uai: z.string(),
  name: z.string(),
  applications: z.array(tokenReportApplicationSchema),
});
export type TokenReportSchool = z.infer<typeof tokenReportSchoolSchema>;

export const tokenReport = defineRoute({
  method: 'GET',
  path: '/apps/token-report',
  right: { area: 'Overview', level: 'Lecture' },
  summary:
    "The accesses whose publisher token is in error, by school, then application, then user, in the caller's schools (or one of them with ?uai=). At most 1,000 users per application; `total` and `truncated` say when more exist.",
  query: z.object({ uai: uaiFieldSchema.optional() }),
  answer: z.array(tokenReportSchoolSchema),
});

/** The answer of the single-sign-on calls: the address to open, carrying a short-lived signed token. */
export const singleSignOnAnswerSchema = z.object({ url: z.string() });

export const supportSignOn = defineRoute({
  method: 'GET',
  path: '/apps/support',
  right: { area: 'buttonSupport', level: 'Lecture' },
  summary:
    'The support site address with a signed, short-lived token of the caller. 400 email_required for a user without e-mail; 503 when single sign-on is not configured.',
  answer: singleSignOnAnswerSchema,
});

export const catalogueSignOn = defineRoute({
  method: 'GET',
  path: '/apps/catalog',
  right: { area: 'buttonCatalogue', level: 'Lecture' },
  summary:
    'The catalogue site address with a signed, short-lived token of the caller. 400 email_required for a user without e-mail; 503 when single sign-on is not configured.',
  answer: singleSignOnAnswerSchema,
});
