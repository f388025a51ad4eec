import { z } from 'zod';
import { defineRoute } from '../http.js';

export const clientConfigSchema = z.object({
  version: z.string(),
  helpUrls: z.object({ Gestionnaire: z.string(), 'Administrateur établissement': z.string() }),
  termsUrl: z.string(),
  accessibilityUrl: z.string(),
  /**
   * The map tiles an operator chose (a URL template with {z}/{x}/{y}, and the attribution its
   * provider asks for); null by default, so that no third party is called unless one is chosen.
   */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const getClientConfig = defineRoute({
  method: 'GET',
  path: '/config',
  right: 'public',
  summary: 'What the browser needs before sign-in: version and the configured links.',
  answer: clientConfigSchema,
});
