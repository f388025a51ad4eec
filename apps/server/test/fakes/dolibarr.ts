import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answerAfter, closeFake, listenFake, readJsonBody, sendJson } from './http-fake.js';

/**
 * A local fake of Dolibarr's REST API for commercial proposals, answering as Dolibarr documents:
 * `GET /api/index.php/proposals?sqlfilters=(t.ref_client:=:'{uai}')&sortfield=t.rowid&sortorder=DESC&limit=1`
 * with the `DOLAPIKEY` header. 200 with an array of proposal objects (numbers as strings, as
 * Dolibarr sends them); 404 `{"error":{"code":404,"message":"Not Found: No proposal found"}}`
 * when none; 401 for a missing or wrong key.
 *
 * Modes: `ok`, `slow` (answers after `slowMs`), `down` (500, as Dolibarr on a database error).
 * Browser tests and manual runs control it over HTTP: `POST /__control/mode/{mode}` and
 * `PUT /__control/proposals/{uai}` with `{"status": 0..4}` (a new, newer proposal for that school).
 */
export const DOLIBARR_MODES = ['ok', 'slow', 'down'] as const;
export type DolibarrMode = (typeof DOLIBARR_MODES)[number];

export type FakeDolibarr = {
  url: string;
  apiKey: string;
  setMode: (mode: DolibarrMode) => void;
  /** Adds a proposal for a school (the newest one is the one that counts). */
  addProposal: (uai: string, status: number) => void;
  /** The query strings received on the proposals endpoint, in order. */
  requests: string[];
  close: () => Promise<void>;
};

type Proposal = { id: number; uai: string; status: number };

function dolibarrError(response: ServerResponse, code: number, message: string): void {
  sendJson(response, code, { error: { code, message } });
}

/** Dolibarr's object for a proposal: a subset of its many fields, with its string typing. */
function proposalObject(proposal: Proposal) {
  return {
    module: 'propal',
    id: String(proposal.id),
    entity: '1',
    ref: `PR2609-${String(proposal.id).padStart(4, '0')}`,
    ref_client: proposal.uai,
    socid: '12',
    statut: String(proposal.status),
    status: String(proposal.status),
    total_ht: '1250.00000000',
    total_tva: '250.00000000',
    total_ttc: '1500.00000000',
    date_creation: 1756720800,
    date_validation: proposal.status > 0 ? 1756807200 : null,
    fin_validite: 1759399200,
    lines: [],
  };
}

export async function startFakeDolibarr(
  options: { port?: number; host?: string; apiKey?: string; slowMs?: number } = {},
): Promise<FakeDolibarr> {
  const apiKey = options.apiKey ?? 'dolibarr-test-key';
  const slowMs = options.slowMs ?? 15_000;
  let mode: DolibarrMode = 'ok';
  let nextId = 100;
  const proposals: Proposal[] = [];
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function listProposals(url: URL, response: ServerResponse): void {
    const filter = /^\(t\.ref_client:=:'((?:[^']|'')*)'\)$/.exec(url.searchParams.get('sqlfilters') ?? '');
    if (!filter) return dolibarrError(response, 400, 'Bad Request: Error when validating parameter sqlfilters');
    const uai = filter[1]!.replaceAll("''", "'");
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const descending = (url.searchParams.get('sortorder') ?? 'ASC').toUpperCase() === 'DESC';
    const found = proposals
      .filter((proposal) => proposal.uai === uai)
      .sort((a, b) => (descending ? b.id - a.id : a.id - b.id))
      .slice(0, limit);
    if (found.length === 0) return dolibarrError(response, 404, 'Not Found: No proposal found');
    sendJson(response, 200, found.map(proposalObject));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    const control = /^\/__control\/mode\/([a-z]+)$/.exec(url.pathname);
    if (request.method === 'POST' && control) {
      if (!DOLIBARR_MODES.includes(control[1] as DolibarrMode))
        return sendJson(response, 400, { error: `modes: ${DOLIBARR_MODES.join(', ')}` });
      mode = control[1] as DolibarrMode;
      return sendJson(response, 200, { mode });
    }
    const proposalControl = /^\/__control\/proposals\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'PUT' && proposalControl) {
      const body = (await readJsonBody(request)) as { status?: unknown } | undefined;
      if (typeof body?.status !== 'number') return sendJson(response, 400, { error: 'expected {"status": 0..4}' });
      proposals.push({ id: nextId++, uai: decodeURIComponent(proposalControl[1]!), status: body.status });
      return sendJson(response, 200, { ok: true });
    }
    if (request.method !== 'GET' || url.pathname !== '/api/index.php/proposals') return dolibarrError(response, 404, 'Not Found');
    requests.push(url.search);
    const key = request.headers.dolapikey;
    if (key !== apiKey) {
      return dolibarrError(
        response,
        401,
        key
          ? 'Unauthorized: Failed to login to API. OAuth provider DOLAPIKEY not valid'
          : "Unauthorized: Failed to login to API. No parameter 'HTTP_DOLAPIKEY' on HTTP header (and no parameter DOLAPIKEY in URL).",
      );
    }
    if (mode === 'down')
      return dolibarrError(response, 500, 'Internal Server Error: Error when retrieve propal list : Lost connection to database');
    if (mode === 'slow') return answerAfter(response, slowMs, timers, () => listProposals(url, response));
    listProposals(url, response);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
  });
  const { origin } = await listenFake(server, options);
  return {
    url: origin,
    apiKey,
    setMode: (next) => {
      mode = next;
    },
    addProposal: (uai, status) => {
      proposals.push({ id: nextId++, uai, status });
    },
    requests,
    close: () => closeFake(server, timers),
  };
}
