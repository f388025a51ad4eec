import { randomBytes } from 'node:crypto';
import { REALTIME_PATH, serverEvents, workflows as contract, type ServerEventPayload } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../platform/db/client.js';
import { startRealtime } from '../../platform/realtime/realtime.js';
import { createTestEnv, signIn } from '../../../test/context.js';
import { buildSchool, buildUser } from '../../../test/factories.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/**
 * Two server instances on one PostgreSQL database and the machine's Redis, as at scale: a change
 * saved through instance A's HTTP API reaches a socket connected to instance B (and back).
 * Needs TEST_DB=postgres with DATABASE_URL, and REDIS_URL: it fails, never skips, without them.
 */
type Instance = { app: FastifyInstance; io: Server; handle: DatabaseHandle; base: string };

const databaseName = `console_test_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
const redisKey = `console-scale-test-${randomBytes(4).toString('hex')}`;
let admin: pg.Client;
let a: Instance;
let b: Instance;
let uai: string;
let cookie: string;
const sockets: Socket[] = [];

async function startInstance(databaseUrl: string, redisUrl: string): Promise<Instance> {
  const handle = await openDatabase({ databaseUrl, poolSize: 4 });
  const deps = { db: handle.db, env: createTestEnv({ REDIS_URL: redisUrl }), engine: handle.engine };
  const app = await buildApp(deps);
  const io = await startRealtime(app, deps, { redisKey });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, io, handle, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

/** Until both instances' adapters have subscribed, an event published by one could go unheard. */
async function waitForServers(instance: Instance, count: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await instance.io.of('/').adapter.serverCount()) < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} instances on Redis after 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  const redisUrl = inject('redisUrl');
  if (inject('testEngine') !== 'postgres' || !redisUrl) {
    throw new Error('the scale suite needs TEST_DB=postgres, DATABASE_URL and REDIS_URL (PostgreSQL and Redis running)');
  }
  admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  await admin.query(`create database ${databaseName} template ${inject('postgresTemplate')}`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = '/' + databaseName;
  a = await startInstance(url.toString(), redisUrl);
  b = await startInstance(url.toString(), redisUrl);
  await waitForServers(a, 2);
  await waitForServers(b, 2);
  uai = (await buildSchool(a.handle.db)).uai;
  const user = await buildUser(a.handle.db, createTestEnv().encryptionKey, { profile: 'Administrateur' });
  cookie = await signIn(a.app, user.login, user.password);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const instance of [a, b]) {
    if (!instance) continue;
    await instance.app.close();
    await instance.handle.close();
  }
  await admin?.query(`drop database if exists ${databaseName} with (force)`);
  await admin?.end();
});

async function follow(instance: Instance): Promise<Socket> {
  const socket = connect(instance.base, { path: REALTIME_PATH, transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  sockets.push(socket);
  const ready = new Promise((resolve) => socket.once('workflow.ready', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  socket.emit('workflow.prepare', { uais: [uai] });
  await ready;
  return socket;
}

function nextData(socket: Socket, where: (payload: ServerEventPayload<'workflow.uai.data'>) => boolean): Promise<ServerEventPayload<'workflow.uai.data'>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no workflow.uai.data within 5 s')), 5_000);
    socket.on('workflow.uai.data', (payload: unknown) => {
      const parsed = serverEvents['workflow.uai.data'].parse(payload);
      if (!where(parsed)) return;
      clearTimeout(timer);
      resolve(parsed);
    });
  });
}

/** Saves a step through an instance's HTTP API, as the tracker does. */
async function saveStep(instance: Instance, label: string, comment: string): Promise<void> {
  const headers = { cookie, 'content-type': 'application/json' };
  const current = contract.getSchoolWorkflow.answer.parse(await (await fetch(`${instance.base}/api/workflows/${uai}`, { headers })).json());
  const step = current.data.find((candidate) => candidate.itemLabel === label)!;
  const actions = contract.buildSaveActions(step, { isNotNeeded: false, isCompleted: true, comment, subSteps: [], deletedSubSteps: [] });
  const response = await fetch(`${instance.base}/api/workflows/${uai}`, { method: 'PUT', headers, body: JSON.stringify(actions) });
  expect(response.status).toBe(200);
}

describe('realtime across two instances (Socket.IO Redis adapter)', () => {
  it("carries a change saved through instance A to a socket connected to instance B", async () => {
    const onB = await follow(b);
    const seen = nextData(onB, (payload) => payload.uai === uai && payload.data.some((step) => step.eventComment === 'Saisi sur A'));
    await saveStep(a, 'Liste des manuels', 'Saisi sur A');
    const payload = await seen;
    expect(payload.data.find((step) => step.itemLabel === 'Liste des manuels')).toMatchObject({ statusId: 1, eventComment: 'Saisi sur A' });
  });

  it('and the other way round', async () => {
    const onA = await follow(a);
    const seen = nextData(onA, (payload) => payload.data.some((step) => step.eventComment === 'Saisi sur B'));
    await saveStep(b, 'Sources', 'Saisi sur B');
    expect((await seen).data.find((step) => step.itemLabel === 'Sources')!.statusId).toBe(1);
  });
});
