import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { API_PREFIX, auth, buildPath, type HttpMethod, type RouteDescriptor } from '@console/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../src/app.js';
import { parseEnv, type Env } from '#platform/config/env.js';
import type { AppDeps } from '#platform/context.js';
import { openDatabase, type DatabaseHandle } from '#platform/db/client.js';

let counter = 0;

/**
 * A fresh, migrated database with the seeded profiles and rights, on the engine of this run:
 * PGlite loaded from the run's template dump, or a PostgreSQL database copied from the template.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (inject('testEngine') === 'postgres') {
    const name = `console_test_${counter++}_${process.pid}_${randomBytes(3).toString('hex')}`;
    const adminUrl = inject('postgresAdminUrl');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const url = new URL(adminUrl);
    url.pathname = '/' + name;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
  return openDatabase({ pgliteDump: dump });
}

/** A test configuration: no variables set, a fixed key, instant sign-in failure delays. */
export function createTestEnv(overrides: Record<string, string> = {}): Env {
  const parsed = parseEnv({ NODE_ENV: 'test', LOGIN_FAILURE_DELAY_MS: '0', SEED_DEMO: 'false', ...overrides });
  return { ...parsed, dataDir: '/nonexistent', encryptionKey: Buffer.alloc(32, 7) };
}

export type TestContext = AppDeps & {
  app: FastifyInstance;
  handle: DatabaseHandle;
  close: () => Promise<void>;
};

/**
 * Where a test app keeps files and finds the SPA, for the tests that need them (none by default);
 * `engine`, the engine the features are told they run on, so that a path taken on the embedded
 * database (the stepped import confirmation) is tested on PostgreSQL too.
 */
export type TestContextOptions = { dataDir?: string; webDistDir?: string; engine?: AppDeps['engine'] };

/** A built app on a fresh database. Call `close` in afterAll. */
export async function createTestContext(
  envOverrides: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const handle = await createTestDatabase();
  const env = { ...createTestEnv(envOverrides), ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }) };
  const deps: AppDeps = { db: handle.db, env, engine: options.engine ?? handle.engine };
  const app = await buildApp(deps, options.webDistDir === undefined ? {} : { webDistDir: options.webDistDir });
  await app.ready();
  return {
    ...deps,
    app,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** The session cookie of a sign-in answer, as a Cookie header value. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === 'sid');
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `sid=${cookie.value}`;
}

/** Signs in through the API and answers the Cookie header of the new session. */
export async function signIn(app: FastifyInstance, login: string, password: string): Promise<string> {
  const response = await app.inject({ ...requestOf(auth.login), payload: { login, password } });
  return sessionCookieOf(response);
}

/** Signs each user in, in order, and answers their Cookie headers under the same names. */
export async function signInEach<Name extends string>(
  app: FastifyInstance,
  users: Record<Name, { login: string; password: string }>,
): Promise<Record<Name, string>> {
  const cookies = {} as Record<Name, string>;
  for (const [name, user] of Object.entries(users) as [Name, { login: string; password: string }][]) {
    cookies[name] = await signIn(app, user.login, user.password);
  }
  return cookies;
}

/** `app.inject` with a session cookie. */
export function injectAs(app: FastifyInstance, cookie: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...options.headers, cookie } });
}

/** The path parameters a route declares, by name; any value, so that a test can send a malformed one. */
type PathParameters<R> =
  R extends RouteDescriptor<infer P, z.ZodType, z.ZodType, z.ZodType>
    ? z.ZodType extends P
      ? []
      : [params: { [Name in keyof z.input<P>]-?: string | number }]
    : never;

/**
 * The method and URL of a request to a contract route, to spread into `app.inject` options (query
 * in their `query`, body in their `payload`): a renamed or removed route, or a renamed path
 * parameter, breaks the tests' compile. Throws when a declared parameter is missing.
 */
export function requestOf<R extends RouteDescriptor>(
  route: R,
  ...parameters: PathParameters<R>
): { method: HttpMethod; url: string } {
  const [params] = parameters as [Record<string, string | number>?];
  return { method: route.method, url: API_PREFIX + buildPath(route.path, params) };
}
