import { Redis, type RedisOptions } from 'ioredis';

/** One connection attempt waits this long before it counts as failed. */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;
/** Reconnection attempts come ever later, at most this far apart, forever. */
export const REDIS_RETRY_MAX_MS = 2_000;

/**
 * Every Redis connection of the server (realtime between instances, the jobs' queue) is made here,
 * with ioredis and one set of reconnect rules: an attempt waits REDIS_CONNECT_TIMEOUT_MS at most,
 * and after a loss the client tries again 100 ms later, then ever later up to REDIS_RETRY_MAX_MS
 * apart, until it is back or closed. Each caller says what a command does while Redis is away
 * (fail at once, wait, or wait forever) through `options`.
 */
export function openRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_RETRY_MAX_MS),
    ...options,
  });
}
