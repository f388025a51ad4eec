import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#platform/context.js';
import { createDatabaseQuoteSource } from './database-quotes.js';
import { createDolibarrQuoteSource } from './dolibarr-quotes.js';
import type { QuoteSource } from './quote-source.js';

export * from './quote-source.js';

/**
 * Dolibarr when DOLIBARR_URL is set, else the database. Here rather than beside the interface,
 * which its implementations import: the interface file imports none of them (no import circle).
 */
export function createQuoteSource(deps: AppDeps, log: FastifyBaseLogger): QuoteSource {
  const { DOLIBARR_URL, DOLIBARR_API_KEY, DOLIBARR_TIMEOUT_MS } = deps.env;
  if (DOLIBARR_URL) {
    return createDolibarrQuoteSource({
      baseUrl: DOLIBARR_URL,
      apiKey: DOLIBARR_API_KEY ?? '',
      timeoutMs: DOLIBARR_TIMEOUT_MS,
      log,
    });
  }
  return createDatabaseQuoteSource(deps.db);
}
