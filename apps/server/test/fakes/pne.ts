import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answerInMode, closeFake, listenFake, readJsonBody, sendJson } from './http-fake.js';

/**
 * A local fake of the PNE key-activation API (docs/publishers.md, "PNE key activation"):
 * `POST /v1/keys/activate` with a Bearer key; 401 for a wrong key, 400 for a malformed body or
 * more than 100 accounts.
 *
 * It refuses deterministically, so that tests and browser journeys can see a 207: a key ending
 * in `-0000` is unknown ('Clé inconnue'), a key containing `EXPIRE` is expired ('Clé expirée'),
 * and an account with an empty password, or whose password is `wrong-password`, is refused as a
 * whole ('Identifiants invalides'). Every other key is activated.
 *
 * Modes: `ok`, `down` (503), `slow` (answers after `slowMs`), `garbage` (an HTML page). Browser
 * tests switch with `POST /__control/mode/{mode}`.
 */
export const PNE_MODES = ['ok', 'down', 'slow', 'garbage'] as const;
export type PneMode = (typeof PNE_MODES)[number];

export type ReceivedPneAccount = { username: string; password: string; keys: string[] };

export type FakePne = {
  /** To put in PNE_API_URL. */
  url: string;
  port: number;
  apiKey: string;
  setMode: (mode: PneMode) => void;
  /** Every well-formed call's accounts, in order (one array per call). */
  calls: ReceivedPneAccount[][];
  close: () => Promise<void>;
};

export type FakePneOptions = { port?: number; host?: string; slowMs?: number; apiKey?: string };

const MAX_ACCOUNTS = 100;
export const REFUSED_PASSWORD = 'wrong-password';

function readAccounts(body: unknown): ReceivedPneAccount[] | undefined {
  const accounts = (body as { accounts?: unknown } | undefined)?.accounts;
  if (!Array.isArray(accounts) || accounts.length === 0 || accounts.length > MAX_ACCOUNTS) return undefined;
  const parsed = accounts.map((account: { username?: unknown; password?: unknown; keys?: unknown }) =>
    typeof account?.username === 'string' &&
    typeof account.password === 'string' &&
    Array.isArray(account.keys) &&
    account.keys.every((key) => typeof key === 'string')
      ? { username: account.username, password: account.password, keys: account.keys as string[] }
      : undefined,
  );
  return parsed.every(Boolean) ? (parsed as ReceivedPneAccount[]) : undefined;
}

function keyError(key: string): string | null {
  if (key.endsWith('-0000')) return 'Clé inconnue';
  if (key.toUpperCase().includes('EXPIRE')) return 'Clé expirée';
  return null;
}

function resultOf(account: ReceivedPneAccount) {
  if (account.password === '' || account.password === REFUSED_PASSWORD) {
    return {
      username: account.username,
      status: 'REJECTED',
      message: 'Identifiants invalides',
      keys: account.keys.map((key) => ({ key, status: 'ERROR', error: 'Compte non authentifié' })),
    };
  }
  const keys = account.keys.map((key) => {
    const error = keyError(key);
    return error ? { key, status: 'ERROR', error } : { key, status: 'ACTIVATED' };
  });
  const refused = keys.filter((key) => key.status === 'ERROR').length;
  return refused === 0
    ? { username: account.username, status: 'OK', keys }
    : { username: account.username, status: 'REJECTED', message: `${refused} clé(s) refusée(s)`, keys };
}

/** Starts the fake on `port` (0: any free port). */
export async function startFakePne(options: FakePneOptions = {}): Promise<FakePne> {
  const apiKey = options.apiKey ?? 'pne-test-key';
  const slowMs = options.slowMs ?? 16_000;
  let mode: PneMode = 'ok';
  const calls: ReceivedPneAccount[][] = [];
  const timers = new Set<NodeJS.Timeout>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    const control = /^\/__control\/mode\/([a-z-]+)$/.exec(url.pathname);
    if (request.method === 'POST' && control) {
      const next = control[1] as PneMode;
      if (!PNE_MODES.includes(next)) return sendJson(response, 400, { error: `modes: ${PNE_MODES.join(', ')}` });
      mode = next;
      return sendJson(response, 200, { mode });
    }
    if (request.method !== 'POST' || url.pathname !== '/v1/keys/activate') return sendJson(response, 404, { error: 'not_found' });
    if (request.headers.authorization !== `Bearer ${apiKey}`) return sendJson(response, 401, { error: 'invalid_api_key' });
    const accounts = readAccounts(await readJsonBody(request));
    if (!accounts) return sendJson(response, 400, { error: `expected 1 to ${MAX_ACCOUNTS} accounts {username, password, keys}` });
    calls.push(accounts);
    answerInMode(response, mode, () => sendJson(response, 200, { results: accounts.map(resultOf) }), { delayMs: slowMs, timers });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
  });
  const { origin, port } = await listenFake(server, options);
  return {
    url: origin,
    port,
    apiKey,
    setMode: (next) => {
      mode = next;
    },
    calls,
    close: () => closeFake(server, timers),
  };
}
