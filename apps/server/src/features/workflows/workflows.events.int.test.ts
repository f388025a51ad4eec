import { REALTIME_PATH, workflows as contract, type ServerEventName } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { DatabaseHandle } from '#platform/db/client.js';
import { attachRealtime } from '#platform/realtime/realtime.js';
import { createTestDatabase, createTestEnv, injectAs, requestOf, signIn } from '#test/context.js';
import { buildSchool, buildUser } from '#test/factories.js';
import { nextEvent as next } from '#test/sockets.js';

let handle: DatabaseHandle;
let app: FastifyInstance;
let base: string;
let home: string;
let other: string;
const cookies = {} as Record<'admin' | 'direction' | 'pupil', string>;
const sockets: Socket[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  const deps = { db: handle.db, env: createTestEnv(), engine: handle.engine };
  app = await buildApp(deps);
  attachRealtime(app, deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const key = deps.env.encryptionKey;
  home = (await buildSchool(handle.db)).uai;
  other = (await buildSchool(handle.db)).uai;
  const admin = await buildUser(handle.db, key, { profile: 'Administrateur' });
  const direction = await buildUser(handle.db, key, { profile: 'Administrateur établissement', uai: home });
  const pupil = await buildUser(handle.db, key, { profile: 'Eleve', uai: home });
  cookies.admin = await signIn(app, admin.login, admin.password);
  cookies.direction = await signIn(app, direction.login, direction.password);
  cookies.pupil = await signIn(app, pupil.login, pupil.password);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
  await handle.close();
});

async function open(who: keyof typeof cookies): Promise<Socket> {
  const socket = connect(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie: cookies[who] },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Every event of that name received during the delay. */
async function collect(socket: Socket, event: ServerEventName, ms = 400): Promise<unknown[]> {
  const received: unknown[] = [];
  const listener = (payload: unknown) => received.push(payload);
  socket.on(event as string, listener);
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.off(event as string, listener);
  return received;
}

describe('workflow socket events', () => {
  it('prepares the reachable schools only, and answers each one asked for', async () => {
    const socket = await open('admin');
    const ready = next(socket, 'workflow.ready');
    socket.emit('workflow.prepare', { uais: [home, other.toLowerCase(), '0000000Z', 'nonsense'] });
    expect((await ready).uais.sort()).toEqual([home, other].sort());
    for (const uai of [home, other]) {
      const data = next(socket, 'workflow.uai.data', (payload) => payload.uai === uai);
      socket.emit('workflow.uai', { uai, userId: 1 });
      const payload = await data;
      expect(payload.data.map((step) => step.itemLabel)).toEqual([...contract.WORKFLOW_STEPS]);
      expect(payload.statusList).toHaveLength(3);
    }
  });

  it('gives a school administrator only their school, whatever they ask for', async () => {
    const socket = await open('direction');
    const ready = next(socket, 'workflow.ready');
    socket.emit('workflow.prepare', { uais: [home, other] });
    expect((await ready).uais).toEqual([home]);
    const leaked = collect(socket, 'workflow.uai.data');
    socket.emit('workflow.uai', { uai: other, userId: 1 });
    socket.emit('workflow.uai.propal', { uai: other });
    expect(await leaked).toEqual([]);
    const data = next(socket, 'workflow.uai.data');
    socket.emit('workflow.uai', { uai: home, userId: 1 });
    expect((await data).uai).toBe(home);
    const quote = next(socket, 'workflow.uai.propal.status');
    socket.emit('workflow.uai.propal', { uai: home });
    expect(await quote).toEqual({ uai: home, status: 'none' });
  });

  it('answers a school asked for before its prepare finished, and one never prepared', async () => {
    const socket = await open('admin');
    const data = next(socket, 'workflow.uai.data', (payload) => payload.uai === other);
    socket.emit('workflow.prepare', { uais: [home] });
    socket.emit('workflow.uai', { uai: other, userId: 1 });
    expect((await data).uai).toBe(other);
  });

  it('sends a saved change to every other socket of the school, not to the others', async () => {
    const watcher = await open('admin');
    const direction = await open('direction');
    for (const socket of [watcher, direction]) {
      const ready = next(socket, 'workflow.ready');
      socket.emit('workflow.prepare', { uais: [home] });
      await ready;
    }
    const steps = contract.getSchoolWorkflow.answer.parse(
      (await injectAs(app, cookies.admin, requestOf(contract.getSchoolWorkflow, { uai: home }))).json(),
    ).data;
    const sources = steps.find((step) => step.itemLabel === 'Sources')!;
    const seen = [watcher, direction].map((socket) => next(socket, 'workflow.uai.data', (payload) => payload.uai === home));
    const response = await injectAs(app, cookies.admin, {
      ...requestOf(contract.updateSchoolWorkflow, { uai: home }),
      payload: contract.buildSaveActions(sources, {
        isNotNeeded: false,
        isCompleted: true,
        comment: 'En direct',
        subSteps: [],
        deletedSubSteps: [],
      }),
    });
    expect(response.statusCode).toBe(200);
    for (const payload of await Promise.all(seen)) {
      expect(payload.data.find((step) => step.itemLabel === 'Sources')).toMatchObject({ statusId: 1, eventComment: 'En direct' });
    }
    const stray = collect(direction, 'workflow.uai.data');
    const otherSources = contract.getSchoolWorkflow.answer
      .parse((await injectAs(app, cookies.admin, requestOf(contract.getSchoolWorkflow, { uai: other }))).json())
      .data.find((step) => step.itemLabel === 'Sources')!;
    await injectAs(app, cookies.admin, {
      ...requestOf(contract.updateSchoolWorkflow, { uai: other }),
      payload: contract.buildSaveActions(otherSources, {
        isNotNeeded: true,
        isCompleted: false,
        comment: '',
        subSteps: [],
        deletedSubSteps: [],
      }),
    });
    expect(await stray).toEqual([]);
  });

  it('answers every quote status asked for, a few at a time', async () => {
    const socket = await open('admin');
    const answers = collect(socket, 'workflow.uai.propal.status', 1_500);
    for (let index = 0; index < 30; index++) socket.emit('workflow.uai.propal', { uai: index % 2 ? home : other });
    const received = (await answers) as { uai: string; status: string }[];
    expect(received).toHaveLength(30);
    expect(new Set(received.map((answer) => answer.status))).toEqual(new Set(['none']));
  });

  it('ignores malformed payloads and keeps serving the socket', async () => {
    const socket = await open('admin');
    socket.emit('workflow.prepare', { uais: 'all' });
    socket.emit('workflow.prepare', null);
    socket.emit('workflow.uai', { uai: 42 });
    socket.emit('workflow.uai.propal', 'x');
    const ready = next(socket, 'workflow.ready');
    socket.emit('workflow.prepare', { uais: [home] });
    expect((await ready).uais).toEqual([home]);
  });

  it('gives a pupil no workflow handler', async () => {
    const socket = await open('pupil');
    const answers = collect(socket, 'workflow.ready');
    socket.emit('workflow.prepare', { uais: [home] });
    expect(await answers).toEqual([]);
  });
});
