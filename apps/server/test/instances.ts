import { randomBytes } from 'node:crypto';
import { REALTIME_PATH, workflows as contract } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '#platform/db/client.js';
import { startRealtime } from '#platform/realtime/realtime.js';
import { createTestEnv, requestOf, signIn } from './context.js';
import { waitUntil } from './wait.js';
import { buildSchool, buildUser } from './factories.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/**
 * The scale tier's parts: real server instances listening on ports, sharing one PostgreSQL
 * database and one Redis, as in production behind a load balancer. Needs TEST_DB=postgres with
 * DATABASE_URL, and REDIS_URL: a suite fails, never skips, without them.
 */
export type Instance = { app: FastifyInstance; io: Server; handle: DatabaseHandle; base: string };

/** The run's Redis, or a failure naming what the scale suite needs. */
export function requireScaleServices(): { redisUrl: string } {
  const redisUrl = inject('redisUrl');
  if (inject('testEngine') !== 'postgres' || !redisUrl) {
    throw new Error('the scale suite needs TEST_DB=postgres, DATABASE_URL and REDIS_URL (PostgreSQL and Redis running)');
  }
  return { redisUrl };
}

/** A database of its own for a scale suite, copied from the run's template; `drop` removes it. */
export async function createScaleDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `console_test_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = '/' + name;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Builds and starts one instance on a free port, as main.ts does (realtime with REDIS_URL). */
export async function startInstance(
  databaseUrl: string,
  options: { redisUrl: string; redisKey: string; env?: Record<string, string> },
): Promise<Instance> {
  const handle = await openDatabase({ databaseUrl, poolSize: 4 });
  const deps = { db: handle.db, env: createTestEnv({ ...options.env, REDIS_URL: options.redisUrl }), engine: handle.engine };
  const app = await buildApp(deps);
  const io = await startRealtime(app, deps, { redisKey: options.redisKey });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, io, handle, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

export async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  await instance.app.close();
  await instance.handle.close();
}

/** Until every instance's adapter has subscribed, an event published by one could go unheard. */
export async function waitForServers(instance: Instance, count: number): Promise<void> {
  await waitUntil(
    `${count} instances on Redis`,
    async () =>
      (await instance.io
        .of('/')
        .adapter.serverCount()
        .catch(() => 0)) >= count,
  );
}

/** A browser's socket on an instance, following one school's workflow (spec 1 §7). */
export async function followSchool(instance: Instance, cookie: string, uai: string): Promise<Socket> {
  const socket = connect(instance.base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  const ready = new Promise((resolve) => socket.once('workflow.ready', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  socket.emit('workflow.prepare', { uais: [uai] });
  await ready;
  return socket;
}

/** Saves a step through a server's HTTP API (its base URL), as the tracker does; answers the HTTP status. */
export async function saveStep(base: string, cookie: string, uai: string, label: string, comment: string): Promise<number> {
  const headers = { cookie, 'content-type': 'application/json' };
  const read = requestOf(contract.getSchoolWorkflow, { uai });
  const current = contract.getSchoolWorkflow.answer.parse(
    await (await fetch(base + read.url, { method: read.method, headers })).json(),
  );
  const step = current.data.find((candidate) => candidate.itemLabel === label)!;
  const actions = contract.buildSaveActions(step, {
    isNotNeeded: false,
    isCompleted: true,
    comment,
    subSteps: [],
    deletedSubSteps: [],
  });
  const save = requestOf(contract.updateSchoolWorkflow, { uai });
  const response = await fetch(base + save.url, { method: save.method, headers, body: JSON.stringify(actions) });
  return response.status;
}

export type Pair = {
  a: Instance;
  b: Instance;
  /** A school both instances serve, and the cookie of an administrator signed in on A. */
  uai: string;
  cookie: string;
  /** A browser's socket following the school on that instance; closed by `close`. */
  follow: (instance: Instance) => Promise<Socket>;
  close: () => Promise<void>;
};

/**
 * Two instances on a database of their own and one Redis (`redisUrl`: the run's, or a proxy's),
 * with a school and an administrator. `reachDatabase` turns the database's URL into the one the
 * instances are given (a proxy's); `env` adds to their configuration. Does not wait for them to
 * find each other on Redis.
 */
export async function startPair(
  redisUrl: string,
  options: { reachDatabase?: (url: string) => string; env?: Record<string, string> } = {},
): Promise<Pair> {
  const redisKey = `console-scale-test-${randomBytes(4).toString('hex')}`;
  const database = await createScaleDatabase();
  const databaseUrl = options.reachDatabase?.(database.url) ?? database.url;
  const a = await startInstance(databaseUrl, { redisUrl, redisKey, ...(options.env && { env: options.env }) });
  const b = await startInstance(databaseUrl, { redisUrl, redisKey, ...(options.env && { env: options.env }) });
  const uai = (await buildSchool(a.handle.db)).uai;
  const user = await buildUser(a.handle.db, createTestEnv().encryptionKey, { profile: 'Administrateur' });
  const cookie = await signIn(a.app, user.login, user.password);
  const sockets: Socket[] = [];
  return {
    a,
    b,
    uai,
    cookie,
    follow: async (instance) => {
      const socket = await followSchool(instance, cookie, uai);
      sockets.push(socket);
      return socket;
    },
    close: async () => {
      for (const socket of sockets) socket.close();
      for (const instance of [a, b]) await stopInstance(instance);
      await database.drop();
    },
  };
}
