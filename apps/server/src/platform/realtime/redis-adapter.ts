import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { openRedis } from '#platform/redis/connection.js';

/** How long a start waits for Redis before going on without it (realtime stays on this instance meanwhile). */
const START_WAIT_MS = 2_000;

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
 * publishes, subscribes (in its constructor) and unsubscribes (when Socket.IO closes) without
 * catching, so a Redis outage, or the connection closing with the app, would end the process with
 * an unhandled rejection. Here such a failure is handed to `onFailure`.
 */
function withSoftFailures<C extends object>(client: C, onFailure: (error: unknown) => void): C {
  const soft = new Set<PropertyKey>(['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe']);
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
 * reconnect by themselves (platform/redis: the subscriber then subscribes again). Each outage is logged once,
 * with its end. While Redis is away the publisher fails at once rather than queueing events that
 * would arrive late and stale; browsers are told to refetch when it is back (see realtime.ts).
 */
export async function connectRedisAdapter(url: string, log: Log, key = 'socket.io'): Promise<RedisAdapter> {
  // The publisher fails at once while Redis is away; the subscriber queues, for as long as it takes:
  // the adapter's subscriptions wait for the first connection.
  const publisher = openRedis(url, { enableOfflineQueue: false });
  const subscriber = openRedis(url, { maxRetriesPerRequest: null });
  const clients: Redis[] = [publisher, subscriber];
  const recoveredListeners: (() => void)[] = [];
  let outage = false;
  let publishFailureLogged = false;
  let everConnected = false;

  const state = (): RedisState => (clients.every((client) => client.status === 'ready') ? 'connected' : 'unreachable');
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
    // A connection the other end closed cleanly gives no error, only a reconnection (never on our own close).
    client.on('reconnecting', () => markDown(new Error('Redis connection lost'), role));
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

  // The clients connect, and reconnect, on their own until closed; a start waits for both a little.
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve) => {
    timer = setTimeout(resolve, START_WAIT_MS);
    for (const client of clients) client.once('ready', () => state() === 'connected' && resolve());
  });
  clearTimeout(timer);
  if (state() === 'connected') everConnected = true;
  else markDown(new Error(`Redis at REDIS_URL not reachable within ${START_WAIT_MS} ms`), 'start');

  const close = async () => {
    for (const client of [subscriber, publisher]) {
      if (client.status === 'end') continue;
      // A client still connecting has nothing to say goodbye to.
      if (client.status !== 'ready') client.disconnect();
      else await client.quit().catch(() => client.disconnect());
    }
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
