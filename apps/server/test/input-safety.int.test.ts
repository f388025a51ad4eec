import { API_PREFIX, buildPath, RECORD_ID_MAX, TOO_DEEP, UNSAFE_TEXT, type RouteDescriptor } from '@console/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, injectAs, signIn, type TestContext } from './context.js';
import { leavesOf, listContractRoutes, replaceAt, sampleOf, type KnownValues } from './contract-samples.js';
import { buildSchool, buildUser } from './factories.js';

/**
 * No input gives a 500 (security issue §4). Every route of the contract, walked from its schemas
 * so that a new route is covered without a test of its own: a text with a NUL character or a
 * lone surrogate in any param, query or body field answers 400 naming the field; an id at or
 * over 2^31 (past the id columns' range) answers 400; any number at 2^31 never gives a 500; a JSON
 * body nested 4,000 deep answers 400 (issue 31: it overflowed the stack of the text check).
 */

const ROUTES = listContractRoutes();
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';
const TOO_BIG = RECORD_ID_MAX + 1;
/** Parameters that are row ids, bounded by the shared id schema. */
const ID_PARAMS = new Set(['id', 'userId', 'eventId']);

let t: TestContext;
let adminCookie: string;
let known: KnownValues;

beforeAll(async () => {
  // Outside services at a closed local port: nothing leaves the machine.
  t = await createTestContext({ EDUCATION_DIRECTORY_URL: 'http://127.0.0.1:9', EDUCATION_DIRECTORY_TIMEOUT_MS: '1000' });
  const school = await buildSchool(t.db);
  const pupil = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: school.uai });
  const admin = await buildUser(t.db, t.env.encryptionKey, { profile: 'Administrateur' });
  adminCookie = await signIn(t.app, admin.login, admin.password);
  known = { uai: school.uai, id: pupil.id, userId: pupil.id, n: 3 };
});
afterAll(() => t.close());

type Input = { params: Record<string, unknown>; query: Record<string, unknown> | undefined; body: unknown };

function sampleInput(route: RouteDescriptor): Input {
  return {
    params: route.params ? (sampleOf(route.params, known) as Record<string, unknown>) : {},
    query: route.query ? (sampleOf(route.query, known) as Record<string, unknown>) : undefined,
    body: route.body ? sampleOf(route.body, known) : undefined,
  };
}

/** JSON text nesting objects and arrays `depth` levels deep: `{"a":[{"a":[…1…]}]}`. */
const nestedJson = (depth: number) =>
  Array.from({ length: depth }, (_unused, level) => (level % 2 === 0 ? '{"a":' : '[')).join('') +
  '1' +
  Array.from({ length: depth }, (_unused, level) => (level % 2 === 0 ? '}' : ']'))
    .reverse()
    .join('');

/** The route called with an input, as the Administrateur (or without a session for a public route). */
function send(route: RouteDescriptor, input: Input) {
  const url = API_PREFIX + buildPath(route.path, input.params as Record<string, string | number>);
  const options: InjectOptions = {
    method: route.method,
    url,
    ...(input.query && { query: Object.fromEntries(Object.entries(input.query).map(([key, value]) => [key, String(value)])) }),
    ...(input.body !== undefined && { payload: input.body as object }),
  };
  return route.right === 'public' ? t.app.inject(options) : injectAs(t.app, adminCookie, options);
}

/** The spoilt inputs of a route: each text (params, query, body) unsafe, each number too big. */
function spoiltInputs(route: RouteDescriptor, sample: Input) {
  const texts: { field: string; input: Input }[] = [];
  const numbers: { field: string; isId: boolean; input: Input }[] = [];
  for (const key of Object.keys(sample.params)) {
    // URLs carry UTF-8: a lone surrogate cannot be written in one, a NUL can (%00).
    texts.push({ field: key, input: { ...sample, params: { ...sample.params, [key]: NUL } } });
    if (!Number.isNaN(Number(sample.params[key])))
      numbers.push({ field: key, isId: ID_PARAMS.has(key), input: { ...sample, params: { ...sample.params, [key]: TOO_BIG } } });
  }
  for (const path of leavesOf(sample.query ?? {}).texts)
    texts.push({
      field: path.join('.'),
      input: { ...sample, query: replaceAt(sample.query, path, NUL) as Record<string, unknown> },
    });
  const body = leavesOf(sample.body);
  for (const path of body.texts)
    for (const unsafe of [NUL, LONE_SURROGATE])
      texts.push({ field: path.join('.') || 'body', input: { ...sample, body: replaceAt(sample.body, path, unsafe) } });
  for (const path of body.numbers)
    numbers.push({
      field: path.join('.') || 'body',
      isId: false,
      input: { ...sample, body: replaceAt(sample.body, path, TOO_BIG) },
    });
  return { texts, numbers };
}

describe('every route of the contract', () => {
  it('is walked: the contract lists every route the server registers', () => {
    const registered = t.app.routeRights.map((route) => `${route.method} ${route.url.replace(/^\/api/, '')}`).sort();
    const walked = ROUTES.map((route) => `${route.method} ${route.path}`).sort();
    expect(walked).toEqual(registered);
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: refuses unsafe texts with 400 naming the field, ids out of range with 400, and never answers 500',
    async (_name, route) => {
      const sample = sampleInput(route);
      const baseline = await send(route, sample);
      expect({ baseline: baseline.statusCode }).not.toEqual({ baseline: 500 });

      const { texts, numbers } = spoiltInputs(route, sample);
      for (const { field, input } of texts) {
        const response = await send(route, input);
        expect({ field, status: response.statusCode, error: response.json().details?.fieldErrors?.[field] }).toEqual({
          field,
          status: 400,
          error: [UNSAFE_TEXT],
        });
      }
      for (const { field, isId, input } of numbers) {
        const response = await send(route, input);
        expect({ field, internal: response.statusCode === 500 }).toEqual({ field, internal: false });
        if (isId) expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      }
    },
  );

  it.each(ROUTES.filter((route) => route.body !== undefined).map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s: refuses a JSON body nested 4,000 deep (16 KB, within a public route's limit) with 400 naming the body",
    async (_name, route) => {
      const options: InjectOptions = {
        method: route.method,
        url: API_PREFIX + buildPath(route.path, sampleInput(route).params as Record<string, string | number>),
        payload: nestedJson(4_000),
        headers: { 'content-type': 'application/json' },
      };
      const response = route.right === 'public' ? await t.app.inject(options) : await injectAs(t.app, adminCookie, options);
      expect({ status: response.statusCode, error: response.json().details?.fieldErrors?.body }).toEqual({
        status: 400,
        error: [TOO_DEEP],
      });
    },
  );
});
