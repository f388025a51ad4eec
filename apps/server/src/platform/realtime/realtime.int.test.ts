import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createTestDatabase, createTestEnv, signIn } from '#test/context.js';
import type { AppDeps } from '#platform/context.js';
import type { DatabaseHandle } from '#platform/db/client.js';
import { buildUser } from '#test/factories.js';
import { nextEvent } from '#test/sockets.js';
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

function open(cookie?: string, headers: Record<string, string> = {}): Socket {
  return connect(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { ...(cookie ? { cookie } : {}), ...headers },
    reconnection: false,
  });
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

  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['Sec-Fetch-Site same-site (a sibling host)', { 'sec-fetch-site': 'same-site', origin: 'https://blog.example.fr' }],
    ['an opaque Origin (sandboxed frame)', { origin: 'null' }],
  ])("refuses a handshake with the user's cookie from %s: no connection, no event", async (_name, headers) => {
    const user = await buildUser(deps.db, deps.env.encryptionKey, { profile: 'Gestionnaire' });
    const socket = open(await signIn(app, user.login, user.password), headers);
    const outcome = await new Promise<string>((resolve) => {
      socket.once('connect_error', () => resolve('refused'));
      socket.once('hello', () => resolve('connected'));
    });
    expect(outcome).toBe('refused');
    socket.close();
  });

  it.each([
    ['the Origin of the host reached', () => ({ origin: base })],
    ['Sec-Fetch-Site same-origin', () => ({ 'sec-fetch-site': 'same-origin', origin: base })],
    [
      'the forwarded host of a balancer',
      () => ({ origin: 'https://console.example.fr', 'x-forwarded-host': 'console.example.fr' }),
    ],
  ])('accepts a handshake with %s', async (_name, headers) => {
    const user = await buildUser(deps.db, deps.env.encryptionKey, { profile: 'Gestionnaire' });
    const socket = open(await signIn(app, user.login, user.password), headers());
    const hello = await new Promise<{ userId: number }>((resolve) => socket.once('hello', resolve));
    expect(hello.userId).toBe(user.id);
    socket.close();
  });

  it("carries an event to a user's every socket and to nobody else's", async () => {
    const sender = await buildUser(deps.db, deps.env.encryptionKey, { profile: 'Administrateur' });
    const other = await buildUser(deps.db, deps.env.encryptionKey, { profile: 'Administrateur' });
    const senderCookie = await signIn(app, sender.login, sender.password);
    const otherCookie = await signIn(app, other.login, other.password);
    const sockets = [open(senderCookie), open(senderCookie), open(otherCookie)];
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('hello', resolve))));
    const received: number[] = [];
    sockets.forEach((socket, index) => socket.on('progressBar', () => received.push(index)));
    const progress = { idNotification: 1, sent: 3, total: 10, successCount: 3, failureCount: 0, status: 'sending' as const };
    const both = Promise.all(sockets.slice(0, 2).map((socket) => nextEvent(socket, 'progressBar')));
    app.realtime.emitToUser(sender.id, 'progressBar', progress);
    expect(await both).toEqual([progress, progress]);
    // An event to the other user after it: what the other socket got first would have come before.
    const last = nextEvent(sockets[2]!, 'progressBar');
    app.realtime.emitToUser(other.id, 'progressBar', { ...progress, idNotification: 2 });
    expect((await last).idNotification).toBe(2);
    expect(received.filter((index) => index === 2)).toHaveLength(1);
    for (const socket of sockets) socket.close();
  });
});
