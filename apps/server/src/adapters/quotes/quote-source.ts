import type { workflows } from '@console/contract';
import type { Executor } from '#platform/db/client.js';

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
