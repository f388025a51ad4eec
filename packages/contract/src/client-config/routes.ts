import { z } from 'zod';
import { defineRoute } from '../http.js';

export const clientConfigSchema = z.object({
  version: z.string(),
  helpUrls: z.object({ Gestionnaire: z.string(), 'Administrateur établissement': z.string() }),
  termsUrl: z.string(),
  accessibilityUrl: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const getClientConfig = defineRoute({
  method: 'GET',
  path: '/config',
  right: 'public',
  summary: 'What the browser needs before sign-in: version and the configured links.',
  answer: clientConfigSchema,
});
