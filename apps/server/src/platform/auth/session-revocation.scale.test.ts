import { REALTIME_PATH } from '@console/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, signIn } from '#test/context.js';
import { buildUser } from '#test/factories.js';
import { requireScaleServices, startPair, waitForServers, type Instance, type Pair } from '#test/instances.js';
import { waitUntil } from '#test/wait.js';

/**
 * Issue 11 §4: each instance keeps a validated session for SESSION_CACHE_MS; set to a minute
 * here, so that only the broadcast through Redis can explain another instance refusing a revoked
 * session within seconds.
 */
let pair: Pair;
const sockets: Socket[] = [];

beforeAll(async () => {
  pair = await startPair(requireScaleServices().redisUrl, { env: { SESSION_CACHE_MS: '60000' } });
  await waitForServers(pair.a, 2);
  await waitForServers(pair.b, 2);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await pair?.close();
});

async function teacherSignedInOnA(): Promise<{ id: number; cookie: string }> {
  const teacher = await buildUser(pair.a.handle.db, createTestEnv().encryptionKey, { profile: 'Enseignant', uai: pair.uai });
  return { id: teacher.id, cookie: await signIn(pair.a.app, teacher.login, teacher.password) };
}

async function me(instance: Instance, cookie: string): Promise<number> {
  return (await fetch(`${instance.base}/api/auth/me`, { headers: { cookie } })).status;
}

async function openSocket(instance: Instance, cookie: string): Promise<Socket> {
  const socket = connect(instance.base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('sessions revoked on one instance', { timeout: 60_000 }, () => {
  it('a logout on A is refused by B at once, though B had the session in its cache, and closes its socket on B', async () => {
    const { cookie } = await teacherSignedInOnA();
    expect(await me(pair.b, cookie)).toBe(200);
    const socket = await openSocket(pair.b, cookie);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    expect((await fetch(`${pair.a.base}/api/auth/logout`, { method: 'POST', headers: { cookie } })).status).toBeLessThan(300);

    await waitUntil('B refusing the session', async () => (await me(pair.b, cookie)) === 401, 5_000);
    expect(await closed).toBe('io server disconnect');
  });

  it('a user disabled through A is refused by B at once, and their socket on B closes', async () => {
    const teacher = await teacherSignedInOnA();
    expect(await me(pair.b, teacher.cookie)).toBe(200);
    const socket = await openSocket(pair.b, teacher.cookie);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const disabled = await fetch(`${pair.a.base}/api/users/deactivate`, {
      method: 'PATCH',
      headers: { cookie: pair.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ users: [{ id: teacher.id }], disable: true }),
    });
    expect(disabled.status).toBe(200);

    await waitUntil('B refusing the disabled user', async () => (await me(pair.b, teacher.cookie)) === 401, 5_000);
    expect(await closed).toBe('io server disconnect');
  });

  it('the administrator who acted keeps their session on both instances', async () => {
    expect(await me(pair.a, pair.cookie)).toBe(200);
    expect(await me(pair.b, pair.cookie)).toBe(200);
  });
});
