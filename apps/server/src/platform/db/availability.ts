import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.js';

/** Node's errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/**
 * PostgreSQL's: class 08 (connection exception), the server shutting down or starting up
 * (57P01–57P03), no connection slot left (53300).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own, which carry no code. */
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error/,
  /Cannot use a pool after calling end/,
];

/**
 * Whether an error says the database cannot be reached (rather than a query being wrong):
 * looks through the error and its causes (Drizzle wraps the driver's error in `cause`).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}

export type DatabaseState = 'up' | 'down';

export type DatabaseMonitor = {
  state: () => DatabaseState;
  /** Told of a request's failure; a failure saying the database is away starts the watch. */
  reportFailure: (error: unknown) => void;
  /** Asks the database now (for /api/ready): whether it answered in time; if not, the watch starts. */
  probe: () => Promise<boolean>;
  stop: () => void;
};

type Log = Pick<FastifyBaseLogger, 'error' | 'info'>;

/**
 * Knows whether the database answers, so that an outage is answered 503 at once (without each
 * request waiting on a connection) and logged twice in all: once when it starts, once when it
 * ends. A failed request only makes it suspect: a probe follows at once, and only if that fails
 * too is the database down (a single connection killed by an administrator is not an outage).
 * While down, a probe every `probeMs` brings it back as soon as the database answers.
 */
export function createDatabaseMonitor(
  db: Database,
  log: Log,
  options: { probeMs?: number; probeTimeoutMs?: number } = {},
): DatabaseMonitor {
  const probeMs = options.probeMs ?? 500;
  const probeTimeoutMs = options.probeTimeoutMs ?? 5_000;
  let state: DatabaseState = 'up';
  let downSince = 0;
  let watching = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const ask = async (): Promise<boolean> => {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_resolve, reject) => (timeout = setTimeout(() => reject(new Error('no answer')), probeTimeoutMs))),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timeout);
    }
  };

  const watch = async () => {
    if (stopped) return;
    if (await ask()) {
      watching = false;
      if (state === 'down') {
        state = 'up';
        log.info({ downForMs: Date.now() - downSince }, 'database reachable again: answering requests');
      }
      return;
    }
    if (state === 'up') {
      state = 'down';
      downSince = Date.now();
      log.error('database unreachable: answering 503 database_unavailable until it is back');
    }
    timer = setTimeout(() => void watch(), probeMs);
    timer.unref();
  };

  const startWatch = () => {
    if (watching || stopped) return;
    watching = true;
    void watch();
  };

  return {
    state: () => state,
    reportFailure(error) {
      if (isDatabaseUnreachable(error)) startWatch();
    },
    async probe() {
      const answered = await ask();
      if (!answered) startWatch();
      return answered;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
