import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/** How long a start waits for Redis before going on without it (realtime stays on this instance meanwhile). */
const START_WAIT_MS = 2_000;
/** One connection attempt; the client then retries with its own backoff (at most 2 s apart), forever. */
const CONNECT_TIMEOUT_MS = 5_000;

/** `connected`: events reach every instance; `unreachable`: only this instance's own browsers. */
export type RedisState = 'connected' | 'unreachable';

export type RedisAdapter = {
  adapter: ReturnType<typeof createAdapter>;
  state: () => RedisState;
  /** Called each time both clients are back after an outage (not at the first connection). */
  onRecovered: (listener: () => void) => void;
  close: () => Promise<void>;
};

type Log = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
/**
 * The client as the adapter sees it, with the calls it never awaits made safe: the adapter
 * publishes (and subscribes, in its constructor) without catching, so a Redis outage would end the
 * process with an unhandled rejection at the first emit. Here such a failure is handed to `onFailure`.
 */
function withSoftFailures<C extends object>(client: C, onFailure: (error: unknown) => void): C {
  const soft = new Set<PropertyKey>(['publish', 'subscribe', 'pSubscribe']);
  return new Proxy(client, {
    get(target, property) {
      // Bound to the real client: its methods use private fields a proxy does not carry.
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (!soft.has(property)) return bound;
      return (...args: unknown[]) => {
        try {
          return Promise.resolve(bound(...args)).catch((error: unknown) => onFailure(error));
        } catch (error) {
          onFailure(error);
          return Promise.resolve();
        }
      };
    },
  });
}

/**
 * The Socket.IO Redis adapter over a publishing and a subscribing client (a subscribed connection
 * cannot publish). Never throws and never waits long: when Redis cannot be reached, at start or
 * later, the instance keeps serving, its events reach its own browsers only, and the clients
 * reconnect by themselves (the subscriber then subscribes again). Each outage is logged once,
 * with its end. While Redis is away the publisher fails at once rather than queueing events that
 * would arrive late and stale; browsers are told to refetch when it is back (see realtime.ts).
 */
export async function connectRedisAdapter(url: string, log: Log, key = 'socket.io'): Promise<RedisAdapter> {
  const publisher = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: CONNECT_TIMEOUT_MS } });
  // The subscriber queues: the adapter's subscriptions wait for the first connection.
  const subscriber = createClient({ url, socket: { connectTimeout: CONNECT_TIMEOUT_MS } });
  const clients = [publisher, subscriber];
  const recoveredListeners: (() => void)[] = [];
  let outage = false;
  let publishFailureLogged = false;
  let everConnected = false;

  const state = (): RedisState => (clients.every((client) => client.isReady) ? 'connected' : 'unreachable');
  const markDown = (error: unknown, role: string) => {
    if (outage) return;
    outage = true;
    log.error(
      { err: error, role },
      'Redis unreachable: realtime events reach only the browsers of this instance until it is back',
    );
  };
  for (const [role, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (error: unknown) => markDown(error, role));
    client.on('ready', () => {
      if (state() !== 'connected') return;
      const wasDown = outage;
      outage = false;
      publishFailureLogged = false;
      if (everConnected && wasDown) {
        log.info('Redis reachable again: realtime events reach every instance');
        for (const listener of recoveredListeners) listener();
      } else if (wasDown) {
        log.info('Redis reachable: realtime events reach every instance');
      }
      everConnected = true;
    });
  }
  const onFailure = (error: unknown) => {
    markDown(error, 'publisher');
    if (publishFailureLogged) return;
    publishFailureLogged = true;
    log.warn({ err: error }, 'a realtime event was not published through Redis (sent to this instance only)');
  };

  // connect() retries on its own until it succeeds or the client is closed; its end is not awaited.
  const connecting = Promise.all(clients.map((client) => client.connect())).then(
    () => undefined,
    () => undefined,
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([connecting, new Promise((resolve) => (timer = setTimeout(resolve, START_WAIT_MS)))]);
  clearTimeout(timer);
  if (state() === 'connected') everConnected = true;
  else markDown(new Error(`Redis at REDIS_URL not reachable within ${START_WAIT_MS} ms`), 'start');

  const close = async () => {
    for (const client of [subscriber, publisher]) {
      if (!client.isOpen) continue;
      // A client still connecting has nothing to say goodbye to.
      if (!client.isReady) client.destroy();
      else await client.close().catch(() => client.destroy());
    }
    await connecting;
  };
  return {
    adapter: createAdapter(
      withSoftFailures(publisher, onFailure),
      withSoftFailures(subscriber, (error) => markDown(error, 'subscriber')),
      { key },
    ),
    state,
    onRecovered: (listener) => recoveredListeners.push(listener),
    close,
  };
}
