import { z } from 'zod';
import { defineRoute } from '../http.js';
import { uaiParamsSchema } from '../rules/uai.js';
import { SECRET_MAX, TEXT_TOO_LONG } from './texts.js';

/**
 * The EcoleDirecte tab's token (spec 2 §2.11): the school's EcoleDirecte key (the secret
 * `ecoleDirecteApiKey` of its settings), saved from the tab by whoever may change the school's
 * settings, adminTabs or not; answered only as set or not.
 */
export const ecoleDirecteTokenSchema = z.object({ token: z.string().trim().max(SECRET_MAX, TEXT_TOO_LONG) }).strict();
export const ecoleDirecteStatusSchema = z.object({
  tokenSet: z.boolean(),
  /** Whether the caller may save the token (ParamEtablissement at Ecriture). */
  canEdit: z.boolean(),
});
export type EcoleDirecteStatus = z.infer<typeof ecoleDirecteStatusSchema>;

export const getEcoleDirecteStatus = defineRoute({
  method: 'GET',
  path: '/schools/:uai/ecole-directe',
  right: { area: 'ParamEtablissement', level: 'Lecture' },
  summary: "Whether the school's EcoleDirecte token is set, for the EcoleDirecte tab (no adminTabs needed).",
  params: uaiParamsSchema,
  answer: ecoleDirecteStatusSchema,
});

export const saveEcoleDirecteToken = defineRoute({
  method: 'PUT',
  path: '/schools/:uai/ecole-directe/token',
  right: { area: 'ParamEtablissement', level: 'Ecriture' },
  summary: "Saves the school's EcoleDirecte token, sealed (an empty text removes it); audited by name, never its value.",
  params: uaiParamsSchema,
  body: ecoleDirecteTokenSchema,
  answer: ecoleDirecteStatusSchema,
});
