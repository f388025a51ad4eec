import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answerAfter, closeFake, listenFake, sendJson } from './http-fake.js';
import { FAKE_DIRECTORY_RECORDS, type FakeDirectoryRecord } from './education-directory-records.js';
import { OdsqlError, parseWhere } from './odsql.js';

/**
 * A local fake of the education directory (Opendatasoft Explore API v2.1, dataset
 * fr-en-annuaire-education; docs/external-formats.md §3), answering as the real records endpoint
 * documents: `GET {base}/catalog/datasets/fr-en-annuaire-education/records` with `select`,
 * `where` (suggest, startswith, equality, AND/OR/NOT), `limit` (default 10, at most 100) and
 * `offset`, answering `{total_count, results}`; a bad parameter answers 400 with
 * `{error_code, message}` as the real API does.
 *
 * Modes simulate the failures the console must survive: `empty` (no match), `slow` (answers after
 * `slowMs`), `error` (500), `rate-limited` (429), `garbage` (an HTML page), `wrong-shape` (JSON
 * but not the v2.1 envelope). Browser tests switch modes with `POST /__control/mode/{mode}`.
 */
export const DIRECTORY_MODES = ['normal', 'empty', 'slow', 'error', 'rate-limited', 'garbage', 'wrong-shape'] as const;
export type DirectoryMode = (typeof DIRECTORY_MODES)[number];

export type FakeEducationDirectory = {
  /** The Explore API v2.1 base URL, to put in EDUCATION_DIRECTORY_URL. */
  url: string;
  port: number;
  setMode: (mode: DirectoryMode) => void;
  /** Every records request received, in order (for asserting what the console sent). */
  requests: URL[];
  close: () => Promise<void>;
};

export type FakeEducationDirectoryOptions = {
  port?: number;
  host?: string;
  /** How long the `slow` mode waits before answering; default 11 s, past the real 10 s timeout. */
  slowMs?: number;
  records?: FakeDirectoryRecord[];
};

const BASE_PATH = '/api/explore/v2.1';
const RECORDS_PATH = `${BASE_PATH}/catalog/datasets/fr-en-annuaire-education/records`;
const MAX_LIMIT = 100;

function badRequest(response: ServerResponse, errorCode: string, message: string): void {
  sendJson(response, 400, { error_code: errorCode, message });
}

/** Starts the fake on `port` (0: any free port). */
export async function startFakeEducationDirectory(options: FakeEducationDirectoryOptions = {}): Promise<FakeEducationDirectory> {
  const records = options.records ?? FAKE_DIRECTORY_RECORDS;
  const fields = new Set(records.flatMap((record) => Object.keys(record)));
  const slowMs = options.slowMs ?? 11_000;
  const timers = new Set<NodeJS.Timeout>();
  const requests: URL[] = [];
  let mode: DirectoryMode = 'normal';

  function answerRecords(url: URL, response: ServerResponse): void {
    const limitText = url.searchParams.get('limit') ?? '10';
    const offsetText = url.searchParams.get('offset') ?? '0';
    const limit = Number(limitText);
    const offset = Number(offsetText);
    if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT) {
      return badRequest(response, 'InvalidRESTParameterError', `Invalid value for limit: ${limitText} (at most ${MAX_LIMIT})`);
    }
    if (!Number.isInteger(offset) || offset < 0 || offset + limit > 10_000) {
      return badRequest(response, 'InvalidRESTParameterError', `Invalid value for offset: ${offsetText}`);
    }
    const select = (url.searchParams.get('select') ?? '*').split(',').map((field) => field.trim());
    const unknown = select.filter((field) => field !== '*' && !fields.has(field));
    if (unknown.length > 0) return badRequest(response, 'ODSQLError', `Unknown field: ${unknown.join(', ')}`);
    let matches = mode === 'empty' ? [] : records;
    const where = url.searchParams.get('where');
    if (where) {
      try {
        const predicate = parseWhere(where, fields);
        matches = matches.filter(predicate);
      } catch (error) {
        if (error instanceof OdsqlError) return badRequest(response, 'ODSQLError', error.message);
        throw error;
      }
    }
    const page = matches.slice(offset, offset + limit);
    const results = select.includes('*')
      ? page
      : page.map((record) => Object.fromEntries(select.map((field) => [field, record[field] ?? null])));
    sendJson(response, 200, { total_count: matches.length, results });
  }

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    const control = /^\/__control\/mode\/([a-z-]+)$/.exec(url.pathname);
    if (request.method === 'POST' && control) {
      const wanted = control[1] as DirectoryMode;
      if (!DIRECTORY_MODES.includes(wanted)) return sendJson(response, 400, { error: `modes: ${DIRECTORY_MODES.join(', ')}` });
      mode = wanted;
      return sendJson(response, 200, { mode });
    }
    if (request.method !== 'GET' || url.pathname !== RECORDS_PATH) {
      return sendJson(response, 404, { error_code: 'NotFound', message: `Unknown path ${url.pathname}` });
    }
    requests.push(url);
    switch (mode) {
      case 'slow':
        return answerAfter(response, slowMs, timers, () => answerRecords(url, response));
      case 'error':
        return sendJson(response, 500, { error_code: 'InternalServerError', message: 'Internal error' });
      case 'rate-limited':
        return sendJson(
          response,
          429,
          {
            error_code: 'TooManyRequests',
            message: 'Too many requests on the domain.',
            reset_time: new Date(Date.now() + 60_000).toISOString(),
          },
          {
            'x-ratelimit-limit': '5000',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': new Date(Date.now() + 60_000).toISOString(),
          },
        );
      case 'garbage':
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html><body>Service momentanément indisponible</body></html>');
        return;
      case 'wrong-shape':
        return sendJson(response, 200, { nhits: 1, records: [{ record: { fields: records[0] } }] });
      default:
        return answerRecords(url, response);
    }
  }

  const server = createServer((request, response) => {
    try {
      handle(request, response);
    } catch (error) {
      sendJson(response, 500, { error_code: 'InternalServerError', message: String(error) });
    }
  });
  const { origin, port } = await listenFake(server, options);
  return {
    url: `${origin}${BASE_PATH}`,
    port,
    setMode: (next) => {
      mode = next;
    },
    requests,
    close: () => closeFake(server, timers),
  };
}
