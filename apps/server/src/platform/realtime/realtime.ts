import { REALTIME_PATH, type ServerEventName, type ServerEventPayload } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  findSessionActor,
  forgetRevokedSessions,
  onSessionRevocation,
  SESSION_COOKIE,
  type SessionRevocation,
} from '#platform/auth/sessions.js';
import type { Actor, AppDeps } from '#platform/context.js';
import { isCrossSiteHandshake } from '#platform/http/same-origin.js';
import type { RedisState } from './redis-adapter.js';

declare module 'socket.io' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  interface SocketData {
    actor: Actor;
  }
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  interface FastifyInstance {
    /** Features' door to the realtime server, usable before it is attached (emits are then dropped). */
    realtime: RealtimeHub;
  }
}

/**
 * What features see of the realtime server. Routes emit to a school's room or to a user's (every
 * socket of theirs: a send's progress to its sender); event handlers are
 * registered with the routes (at build time) and run for every connection once attached.
 */
export type RealtimeHub = {
  /** Emits to every socket in the school's room, on every instance when the Redis adapter is on. */
  emitToSchool<E extends ServerEventName>(uai: string, event: E, payload: ServerEventPayload<E>): void;
  /** Emits to every socket of the user, on every instance when the Redis adapter is on. */
  emitToUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void;
  onConnection(handler: (socket: Socket) => void): void;
  /**
   * How events travel: `local` (one instance, no REDIS_URL), `connected` (through Redis, to every
   * instance) or `unreachable` (REDIS_URL set but Redis away: to this instance's browsers only).
   */
  reach(): RealtimeReach;
};

export type RealtimeReach = 'local' | RedisState;

type BindableHub = RealtimeHub & { bind(io: Server, reach?: () => RedisState): void; handlers: ((socket: Socket) => void)[] };

/** The room of a school: its sockets get the school's live workflow. */
export function schoolRoom(uai: string): string {
  return `school:${uai}`;
}

/** The room of a user: every socket of theirs joins it at its handshake. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

export function createRealtimeHub(): BindableHub {
  let server: Server | undefined;
  let redisReach: (() => RedisState) | undefined;
  const handlers: ((socket: Socket) => void)[] = [];
  return {
    handlers,
    bind(io, reach) {
      server = io;
      redisReach = reach;
    },
    reach() {
      return redisReach ? redisReach() : 'local';
    },
    emitToSchool(uai, event, payload) {
      server?.to(schoolRoom(uai)).emit(event, payload);
    },
    emitToUser(userId, event, payload) {
      server?.to(userRoom(userId)).emit(event, payload);
    },
    onConnection(handler) {
      handlers.push(handler);
    },
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export type AttachRealtimeOptions = {
  /** A Socket.IO adapter factory (the Redis adapter between instances); default in-process. */
  adapter?: Parameters<Server['adapter']>[0];
  /** Whether that adapter's Redis is reachable now. */
  reach?: () => RedisState;
};

/**
 * The realtime server: Socket.IO on the API server, websocket transport only, at
 * `/api/socket.io`. A connection needs a valid session cookie; its actor is on `socket.data`, and
 * it joins its user's room.
 * A handshake from a page of another site is refused before the cookie is read, as the HTTP API
 * refuses its changes (`http/same-origin.ts`): the cookie would let that page read the school's
 * live events. The handlers features registered on `app.realtime` run for each connection.
 */
export function attachRealtime(app: FastifyInstance, deps: AppDeps, options: AttachRealtimeOptions = {}): Server {
  const io = new Server(app.server, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    serveClient: false,
    allowRequest: (request, callback) => callback(null, !isCrossSiteHandshake(request, deps.env.PUBLIC_URL)),
    ...(options.adapter && { adapter: options.adapter }),
  });
  io.use((socket, next) => {
    const token = readCookie(socket.handshake.headers.cookie, SESSION_COOKIE);
    if (!token) return next(new Error('unauthenticated'));
    findSessionActor(deps.db, token, { ttlHours: deps.env.SESSION_TTL_HOURS, cacheMs: deps.env.SESSION_CACHE_MS })
      .then((actor) => {
        if (!actor) return next(new Error('unauthenticated'));
        socket.data.actor = actor;
        next();
      })
      .catch(() => next(new Error('unauthenticated')));
  });
  const stopListening = onSessionRevocation(deps.db, (revocation) => closeEndedSessions(io, revocation));
  const hub = app.realtime as BindableHub | undefined;
  if (hub) {
    hub.bind(io, options.reach);
    io.on('connection', (socket) => {
      void socket.join(userRoom(socket.data.actor.id));
      for (const handler of hub.handlers) handler(socket);
    });
  }
  app.addHook('onClose', async () => {
    stopListening();
    await io.close();
  });
  return io;
}

/** Closes this instance's sockets of sessions that ended (a socket is authenticated once, at its handshake). */
function closeEndedSessions(io: Server, revocation: SessionRevocation): void {
  if (!revocation.ended) return;
  const sessionIds = new Set(revocation.sessionIds);
  const userIds = new Set(revocation.userIds);
  for (const socket of io.of('/').sockets.values()) {
    const { actor } = socket.data;
    if (sessionIds.has(actor.sessionId) || (userIds.has(actor.id) && actor.sessionId !== revocation.exceptSessionId))
      socket.disconnect(true);
  }
}

/** The server-side event carrying a revocation to the other instances. */
const REVOCATION_EVENT = 'sessions.revoked';
const revocationSchema = z.object({
  sessionIds: z.array(z.string()).optional(),
  userIds: z.array(z.number().int()).optional(),
  exceptSessionId: z.string().optional(),
  ended: z.boolean(),
});

/**
 * Attaches the realtime server, with the Redis adapter when REDIS_URL is set (so that an event
 * emitted on one instance reaches the sockets of all). Redis being away, at start or later, never
 * stops the instance: events then reach its own browsers only, and when Redis is back each of
 * them is sent 'realtime.resync' so that it refetches what the outage may have left stale.
 * The clients close with the app. `redisKey` separates test runs sharing one Redis.
 */
export async function startRealtime(app: FastifyInstance, deps: AppDeps, options: { redisKey?: string } = {}): Promise<Server> {
  if (!deps.env.REDIS_URL) return attachRealtime(app, deps);
  // The Redis client is loaded only when used: it takes about a fifth of a second to load.
  const { connectRedisAdapter } = await import('./redis-adapter.js');
  const redis = await connectRedisAdapter(deps.env.REDIS_URL, app.log, options.redisKey);
  const io = attachRealtime(app, deps, { adapter: redis.adapter, reach: redis.state });
  redis.onRecovered(() => {
    io.local.emit('realtime.resync', {});
  });
  // Sessions revoked here are dropped at once by the other instances' caches (and sockets).
  const stopBroadcasting = onSessionRevocation(deps.db, (revocation) => io.serverSideEmit(REVOCATION_EVENT, revocation));
  io.on(REVOCATION_EVENT, (message: unknown) => {
    // A listener that threw would end the process: a malformed message is dropped.
    const parsed = revocationSchema.safeParse(message);
    if (!parsed.success) return;
    forgetRevokedSessions(deps.db, parsed.data);
    closeEndedSessions(io, parsed.data);
  });
  app.addHook('onClose', async () => stopBroadcasting());
  // Registered after attachRealtime's hook, so it runs once Socket.IO has let go of the clients.
  app.addHook('onClose', async () => {
    await redis.close();
  });
  return io;
}
