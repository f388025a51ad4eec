import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/** Past this, a start with an unreachable REDIS_URL fails instead of waiting forever. */
const CONNECT_TIMEOUT_MS = 10_000;

export type RedisAdapter = {
  adapter: ReturnType<typeof createAdapter>;
  close: () => Promise<void>;
};

/**
 * Connects the publishing and subscribing clients (a subscribed connection cannot publish) and
 * answers the Socket.IO Redis adapter over them. Throws when Redis is not reachable within
 * CONNECT_TIMEOUT_MS. Once connected, the clients reconnect by themselves (events emitted
 * meanwhile wait in the client's queue) and their errors are logged, never thrown into the process.
 */
export async function connectRedisAdapter(url: string, log: Pick<FastifyBaseLogger, 'error' | 'info'>, key = 'socket.io'): Promise<RedisAdapter> {
  const publisher = createClient({ url, socket: { connectTimeout: CONNECT_TIMEOUT_MS } });
  const subscriber = publisher.duplicate();
  for (const [role, client] of [['publisher', publisher], ['subscriber', subscriber]] as const) {
    // One line per outage, not one per reconnection attempt (several a second).
    let failing = false;
    client.on('error', (error: unknown) => {
      if (!failing) log.error({ err: error, role }, 'Redis client error (realtime adapter); reconnecting');
      failing = true;
    });
    client.on('ready', () => {
      if (failing) log.info({ role }, 'Redis client reconnected (realtime adapter)');
      failing = false;
    });
  }
  const close = async () => {
    for (const client of [subscriber, publisher]) {
      if (client.isOpen) await client.close().catch(() => client.destroy());
    }
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all([publisher.connect(), subscriber.connect()]),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis at REDIS_URL not reachable within ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    for (const client of [subscriber, publisher]) {
      try {
        client.destroy();
      } catch {
        // Never connected: nothing to tear down.
      }
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { adapter: createAdapter(publisher, subscriber, { key }), close };
}
