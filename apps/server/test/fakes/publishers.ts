import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answerInMode, closeFake, listenFake, readJsonBody, sendJson } from './http-fake.js';

/**
 * A local fake of both publishers' token-check APIs (docs/publishers.md), on one server:
 * Edulib under `/edulib` (`POST /edulib/tokens/verify`, Bearer key) and Le Livre Scolaire under
 * `/lls` (`POST /lls/v1/schools/{uai}/licences/check`, X-Api-Key). A wrong key answers 401,
 * more than 500 users or a malformed body 400, as the protocols say.
 *
 * Modes, per publisher or for both: `ok` (every token valid), `some-errors` (the logins given to
 * `rejectLogins` are refused; with none given, every third login of a call), `down` (503),
 * `slow` (answers after `slowMs`), `garbage` (an HTML page). Browser tests switch modes with
 * `POST /__control/mode/{mode}[?publisher=edulib|le-livre-scolaire]`.
 */
export const PUBLISHER_MODES = ['ok', 'some-errors', 'down', 'slow', 'garbage'] as const;
export type PublisherMode = (typeof PUBLISHER_MODES)[number];
export type FakePublisherName = 'edulib' | 'le-livre-scolaire';

export type ReceivedCheck = { publisher: FakePublisherName; uai: string; users: { login: string; code: string | null }[] };

export type FakePublishers = {
  url: string;
  /** To put in EDULIB_API_URL and LLS_API_URL. */
  edulibUrl: string;
  llsUrl: string;
  port: number;
  keys: { edulib: string; lls: string };
  setMode: (mode: PublisherMode, publisher?: FakePublisherName) => void;
  /** The logins refused in `some-errors` mode (case-insensitive). */
  rejectLogins: (logins: string[]) => void;
  /** Every well-formed check received, in order. */
  checks: ReceivedCheck[];
  close: () => Promise<void>;
};

export type FakePublishersOptions = { port?: number; host?: string; slowMs?: number; keys?: { edulib: string; lls: string } };

const MAX_USERS = 500;
const ERROR_MESSAGES: Record<FakePublisherName, string> = { edulib: 'Licence expirée', 'le-livre-scolaire': 'Compte inconnu' };

type Parsed = { uai: string; users: { login: string; code: string | null }[] } | undefined;

function readEdulibBody(body: unknown): Parsed {
  const value = body as { uai?: unknown; users?: unknown };
  if (typeof value?.uai !== 'string' || !Array.isArray(value.users)) return undefined;
  const users = value.users.map((user: { login?: unknown; code?: unknown }) =>
    typeof user?.login === 'string' ? { login: user.login, code: typeof user.code === 'string' ? user.code : null } : undefined,
  );
  return users.every(Boolean) ? { uai: value.uai, users: users as { login: string; code: string | null }[] } : undefined;
}

function readLlsBody(uai: string, body: unknown): Parsed {
  const value = body as { accounts?: unknown };
  if (!Array.isArray(value?.accounts)) return undefined;
  const users = value.accounts.map((account: { username?: unknown; licenceCode?: unknown }) =>
    typeof account?.username === 'string'
      ? { login: account.username, code: typeof account.licenceCode === 'string' ? account.licenceCode : null }
      : undefined,
  );
  return users.every(Boolean) ? { uai, users: users as { login: string; code: string | null }[] } : undefined;
}

/** Starts the fake on `port` (0: any free port). */
export async function startFakePublishers(options: FakePublishersOptions = {}): Promise<FakePublishers> {
  const keys = options.keys ?? { edulib: 'edulib-test-key', lls: 'lls-test-key' };
  const slowMs = options.slowMs ?? 16_000;
  const modes: Record<FakePublisherName, PublisherMode> = { edulib: 'ok', 'le-livre-scolaire': 'ok' };
  const rejected = new Set<string>();
  const checks: ReceivedCheck[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function isRefused(login: string, index: number): boolean {
    return rejected.size > 0 ? rejected.has(login.toLowerCase()) : index % 3 === 2;
  }

  function answer(publisher: FakePublisherName, check: NonNullable<Parsed>, response: ServerResponse): void {
    const refuse = modes[publisher] === 'some-errors';
    const message = ERROR_MESSAGES[publisher];
    if (publisher === 'edulib') {
      const results = check.users.map((user, index) =>
        refuse && isRefused(user.login, index)
          ? { login: user.login, status: 'ERROR', message }
          : { login: user.login, status: 'OK' },
      );
      return sendJson(response, 200, { results });
    }
    const accounts = check.users.map((user, index) =>
      refuse && isRefused(user.login, index)
        ? { username: user.login, valid: false, reason: message }
        : { username: user.login, valid: true },
    );
    sendJson(response, 200, { accounts });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    const control = /^\/__control\/mode\/([a-z-]+)$/.exec(url.pathname);
    if (request.method === 'POST' && control) {
      const mode = control[1] as PublisherMode;
      const only = url.searchParams.get('publisher') as FakePublisherName | null;
      if (!PUBLISHER_MODES.includes(mode)) return sendJson(response, 400, { error: `modes: ${PUBLISHER_MODES.join(', ')}` });
      for (const publisher of Object.keys(modes) as FakePublisherName[]) if (!only || only === publisher) modes[publisher] = mode;
      return sendJson(response, 200, modes);
    }
    const llsPath = /^\/lls\/v1\/schools\/([^/]+)\/licences\/check$/.exec(url.pathname);
    let publisher: FakePublisherName;
    if (request.method === 'POST' && url.pathname === '/edulib/tokens/verify') {
      publisher = 'edulib';
      if (request.headers.authorization !== `Bearer ${keys.edulib}`) return sendJson(response, 401, { error: 'invalid_api_key' });
    } else if (request.method === 'POST' && llsPath) {
      publisher = 'le-livre-scolaire';
      if (request.headers['x-api-key'] !== keys.lls) return sendJson(response, 401, { error: 'invalid_api_key' });
    } else {
      return sendJson(response, 404, { error: 'not_found' });
    }
    const body = await readJsonBody(request);
    const check = publisher === 'edulib' ? readEdulibBody(body) : readLlsBody(decodeURIComponent(llsPath![1]!), body);
    if (!check || check.users.length === 0 || check.users.length > MAX_USERS) {
      return sendJson(response, 400, { error: `expected 1 to ${MAX_USERS} users` });
    }
    checks.push({ publisher, ...check });
    answerInMode(response, modes[publisher], () => answer(publisher, check, response), { delayMs: slowMs, timers });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
  });
  const { origin, port } = await listenFake(server, options);
  const url = origin;
  return {
    url,
    edulibUrl: `${url}/edulib`,
    llsUrl: `${url}/lls`,
    port,
    keys,
    setMode: (mode, publisher) => {
      for (const name of Object.keys(modes) as FakePublisherName[]) if (!publisher || publisher === name) modes[name] = mode;
    },
    rejectLogins: (logins) => {
      rejected.clear();
      for (const login of logins) rejected.add(login.toLowerCase());
    },
    checks,
    close: () => closeFake(server, timers),
  };
}
