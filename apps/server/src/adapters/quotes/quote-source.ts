import type { workflows } from '@console/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/context.js';
import type { Executor } from '../../platform/db/client.js';
import { createDatabaseQuoteSource } from './database-quotes.js';
import { createDolibarrQuoteSource } from './dolibarr-quotes.js';

export type QuoteStatus = workflows.QuoteStatus;

/** Who set a quote status, for the row and its audit entry. */
export type QuoteAuthor = { id: number; firstname: string; lastname: string };

/**
 * Where each school's quote status (which drives 'Devis signé') comes from. `getStatus` never
 * throws for an outside service that is down or slow: it answers 'pending' and logs.
 * `getStatuses` reads many schools at once where the source can (the database); a source
 * without it leaves bulk reads to the per-school 'workflow.uai.propal' exchange.
 * `setStatus` exists only where staff set the status (the database), in the caller's transaction.
 */
export type QuoteSource = {
  kind: 'database' | 'dolibarr';
  getStatus(uai: string): Promise<QuoteStatus>;
  getStatuses?(uais: string[]): Promise<Map<string, QuoteStatus>>;
  setStatus?(executor: Executor, uai: string, status: QuoteStatus, author: QuoteAuthor): Promise<{ before: QuoteStatus }>;
};

/** Dolibarr when DOLIBARR_URL is set, else the database. */
export function createQuoteSource(deps: AppDeps, log: FastifyBaseLogger): QuoteSource {
  const { DOLIBARR_URL, DOLIBARR_API_KEY, DOLIBARR_TIMEOUT_MS } = deps.env;
  if (DOLIBARR_URL) {
    return createDolibarrQuoteSource({ baseUrl: DOLIBARR_URL, apiKey: DOLIBARR_API_KEY ?? '', timeoutMs: DOLIBARR_TIMEOUT_MS, log });
  }
  return createDatabaseQuoteSource(deps.db);
}
