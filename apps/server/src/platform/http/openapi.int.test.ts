import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig, type NormalizedProblem } from '@redocly/openapi-core';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.js';
import { SESSION_COOKIE } from '#platform/auth/sessions.js';
import { OPENAPI_PATH, SESSION_SECURITY_SCHEME } from './openapi.js';
import { findRouteByOperationId, listContractRoutes } from './operation-ids.js';

let t: TestContext;
let source: string;
let document: OpenAPIV3.Document;

beforeAll(async () => {
  t = await createTestContext();
  const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  source = response.body;
  document = response.json();
});
afterAll(() => t.close());

function listOperations(): { key: string; operation: OpenAPIV3.OperationObject }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'put', 'post', 'delete', 'patch'] as const).flatMap((method) => {
      const operation = item?.[method];
      return operation ? [{ key: `${method.toUpperCase()} ${path}`, operation }] : [];
    }),
  );
}

/** The lint's rules and its exceptions, read by Redocly's CLI too (see redocly.yaml). */
const REDOCLY_CONFIG = fileURLToPath(new URL('../../../../../redocly.yaml', import.meta.url));
/** The address the exceptions are keyed by: the document as `npm start` serves it. */
const SERVED_ADDRESS = `http://localhost:3000${OPENAPI_PATH}`;

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with the written exceptions only (redocly.yaml)", async () => {
    const config = await loadConfig({ configPath: REDOCLY_CONFIG });
    const problems = await lintFromString({ source, absoluteRef: SERVED_ADDRESS, config });
    const describeProblem = (problem: NormalizedProblem) =>
      `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`;
    expect(problems.filter((problem) => !problem.ignored).map(describeProblem)).toEqual([]);
    // An exception that no longer occurs leaves the ignore file: it must not grow stale.
    const written = Object.entries(config.ignore[SERVED_ADDRESS] ?? {}).flatMap(([rule, pointers]) =>
      [...pointers].map((pointer) => `${rule} ${pointer}`),
    );
    expect(written.length).toBeGreaterThan(0);
    expect(
      problems
        .filter((problem) => problem.ignored)
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`)
        .sort(),
    ).toEqual(written.sort());
  });

  it('documents every API route once, named by its contract export', () => {
    const operations = listOperations();
    const names = operations.map(({ operation }) => operation.operationId);
    expect(operations.filter(({ operation }) => operation.operationId === undefined).map(({ key }) => key)).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(operations.length).toBe(t.app.routeRights.length);
    expect([...names].sort()).toEqual(
      listContractRoutes()
        .map(([, name]) => name)
        .sort(),
    );
    const registered = t.app.routeRights.map((route) => `${route.method} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}`).sort();
    expect(operations.map(({ key }) => key).sort()).toEqual(registered);
  });

  it('asks for the session cookie on every route but the public ones', () => {
    expect(document.components?.securitySchemes?.[SESSION_SECURITY_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
    });
    for (const { key, operation } of listOperations()) {
      const route = findRouteByOperationId(operation.operationId!)!;
      const expected = route.right === 'public' ? [] : [{ [SESSION_SECURITY_SCHEME]: [] }];
      expect({ key, security: operation.security }).toEqual({ key, security: expected });
    }
  });

  it('documents the error answers the platform gives: 401 without a session, 403 from a page of another site', async () => {
    const errorBody = document.components?.schemas?.ErrorBody as OpenAPIV3.SchemaObject;
    for (const { key, operation } of listOperations()) {
      const route = findRouteByOperationId(operation.operationId!)!;
      const [method, path] = key.split(' ') as ['GET', string];
      const url = path.replace(/\{[A-Za-z]+\}/g, '1');
      const answers: number[] = [];
      if (route.right !== 'public') answers.push((await t.app.inject({ method, url })).statusCode);
      if (method !== 'GET')
        answers.push((await t.app.inject({ method, url, headers: { 'sec-fetch-site': 'cross-site' } })).statusCode);
      expect({ key, undocumented: answers.filter((status) => !(String(status) in operation.responses)) }).toEqual({
        key,
        undocumented: [],
      });
      expect({ key, answers500: '500' in operation.responses }).toEqual({ key, answers500: true });
    }
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(errorBody.required).toEqual(['code', 'message']);
    expect(Object.keys(unauthenticated.json()).filter((field) => !(field in errorBody.properties!))).toEqual([]);
    expect(document.components?.responses?.Unauthorized).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
  });
});
