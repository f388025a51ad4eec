import { REALTIME_PATH } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { findSessionActor, SESSION_COOKIE } from '../auth/sessions.js';
import type { Actor, AppDeps } from '../context.js';

declare module 'socket.io' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  interface SocketData {
    actor: Actor;
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * The realtime server: Socket.IO on the API server, websocket transport only, at
 * `/api/socket.io`. A connection needs a valid session cookie; its actor is on `socket.data`.
 * Features register their event handlers on the returned server.
 */
export function attachRealtime(app: FastifyInstance, deps: AppDeps): Server {
  const io = new Server(app.server, { path: REALTIME_PATH, transports: ['websocket'], serveClient: false });
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
  app.addHook('onClose', async () => {
    await io.close();
  });
  return io;
}
