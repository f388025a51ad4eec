/**
 * The quote status of a school from Dolibarr's commercial proposals (REST API module).
 *
 * Protocol: `GET {DOLIBARR_URL}/api/index.php/proposals?sqlfilters=(t.ref_client:=:'{uai}')
 * &sortfield=t.rowid&sortorder=DESC&limit=1` with the header `DOLAPIKEY: {key}`. The school's
 * proposal carries its UAI as the customer reference (`ref_client`); the newest one counts.
 * Answers:
 * - 200: an array of proposal objects (`id`, `ref`, `ref_client`, `statut` and `status`, as
 *   strings or numbers); an empty array means no proposal;
 * - 404 `{"error":{"code":404,"message":"Not Found: No proposal found"}}`: no proposal;
 * - 401/403: a wrong or missing key; anything else: an error.
 *
 * Mapping of the proposal status (Propal::STATUS_*):
 *   no proposal → 'none'; 0 draft, 1 validated (open) → 'pending'; 2 signed, 4 billed → 'signed';
 *   3 not signed → 'refused'; anything else → 'pending', logged.
 * Dolibarr down, slow (DOLIBARR_TIMEOUT_MS), refusing the key or answering garbage: 'pending'
 * for display, logged — never an error for the caller.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { QuoteSource, QuoteStatus } from './quote-source.js';

export type DolibarrOptions = { baseUrl: string; apiKey: string; timeoutMs: number; log: Pick<FastifyBaseLogger, 'warn'> };

const STATUS_OF_PROPOSAL: Record<number, QuoteStatus> = { 0: 'pending', 1: 'pending', 2: 'signed', 3: 'refused', 4: 'signed' };

/** The request URL of a school's newest proposal. */
export function proposalsUrl(baseUrl: string, uai: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/api/index.php/proposals`);
  // The UAI comes validated (7 digits and a letter); quotes are doubled anyway, as Dolibarr's
  // sqlfilters syntax escapes them, so that no value can close the string.
  url.searchParams.set('sqlfilters', `(t.ref_client:=:'${uai.replaceAll("'", "''")}')`);
  url.searchParams.set('sortfield', 't.rowid');
  url.searchParams.set('sortorder', 'DESC');
  url.searchParams.set('limit', '1');
  return url.toString();
}

/** The quote status of Dolibarr's answer body (200), or undefined when it is not a proposal list. */
export function statusOfProposals(body: unknown): QuoteStatus | undefined {
  if (!Array.isArray(body)) return undefined;
  if (body.length === 0) return 'none';
  const proposal = body[0] as { statut?: unknown; status?: unknown } | null;
  const raw = proposal?.statut ?? proposal?.status;
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value)) return undefined;
  return STATUS_OF_PROPOSAL[value];
}

export function createDolibarrQuoteSource(options: DolibarrOptions): QuoteSource {
  const fallback = (uai: string, reason: string): QuoteStatus => {
    options.log.warn({ uai, reason }, 'Dolibarr quote status unavailable; shown as pending');
    return 'pending';
  };
  return {
    kind: 'dolibarr',
    async getStatus(uai) {
      let response: Response;
      try {
        response = await fetch(proposalsUrl(options.baseUrl, uai), {
          headers: { DOLAPIKEY: options.apiKey, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        return fallback(uai, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable');
      }
      // Dolibarr says "no proposal" with a 404; any other non-200 is a failure.
      if (response.status === 404) {
        await response.body?.cancel();
        return 'none';
      }
      if (!response.ok) {
        await response.body?.cancel();
        return fallback(uai, `HTTP ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return fallback(uai, 'not JSON');
      }
      return statusOfProposals(body) ?? fallback(uai, 'unexpected proposal status');
    },
  };
}
