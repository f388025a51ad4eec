import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createTestDatabase, createTestEnv, signIn } from '../../../test/context.js';
import type { AppDeps } from '../context.js';
import type { DatabaseHandle } from '../db/client.js';
import { buildUser } from '../../../test/factories.js';
import { attachRealtime } from './realtime.js';

let handle: DatabaseHandle;
let deps: AppDeps;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  deps = { db: handle.db, env: createTestEnv(), engine: handle.engine };
  app = await buildApp(deps);
  const io = attachRealtime(app, deps);
  io.on('connection', (socket) => socket.emit('hello', { userId: socket.data.actor.id }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await app.close();
  await handle.close();
});

function open(cookie?: string): Socket {
  return connect(base, { path: REALTIME_PATH, transports: ['websocket'], extraHeaders: cookie ? { cookie } : {}, reconnection: false });
}

describe('realtime server', () => {
  it('refuses a connection without a session', async () => {
    const socket = open();
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('unauthenticated');
    socket.close();
  });

  it('accepts a signed-in user over websocket and knows who they are', async () => {
    const user = await buildUser(deps.db, deps.env.encryptionKey, { profile: 'Gestionnaire' });
    const socket = open(await signIn(app, user.login, user.password));
    const hello = await new Promise<{ userId: number }>((resolve) => socket.once('hello', resolve));
    expect(hello.userId).toBe(user.id);
    socket.close();
  });
});
