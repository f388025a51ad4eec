import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
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

/**
 * Warnings of the recommended rules that tell no defect, each with its reason. Any other problem,
 * or one of these on another operation, fails the test.
 */
const JUSTIFIED_WARNINGS: Record<string, { pointers: string[]; reason: string }> = {
  'operation-4xx-response': {
    reason: 'public GET routes without input: nothing a client sends can be refused, so they answer no 4xx (only 5xx)',
    pointers: [
      '#/paths/~1api~1alerts/get/responses',
      '#/paths/~1api~1config/get/responses',
      '#/paths/~1api~1health/get/responses',
      '#/paths/~1api~1ready/get/responses',
    ],
  },
};

function isJustified(problem: NormalizedProblem): boolean {
  const pointer = problem.location[0]?.pointer;
  return (
    problem.severity === 'warn' &&
    pointer !== undefined &&
    (JUSTIFIED_WARNINGS[problem.ruleId]?.pointers.includes(pointer) ?? false)
  );
}

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The contract's paths are the legacy console's wire paths (spec): GET /schools/,
        // GET /schools/data/ and PATCH /users/ end with a slash, which clients send; the router
        // ignores a trailing slash, so the path without it reaches the same route.
        'no-path-trailing-slash': 'off',
        // The product is private (package.json "private": true) and grants no licence to name.
        'info-license': 'off',
      },
    });
    const problems = await lintFromString({ source, absoluteRef: `http://localhost${OPENAPI_PATH}`, config });
    const describeProblem = (problem: NormalizedProblem) =>
      `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`;
    const justified = problems.filter(isJustified);
    for (const [rule, { reason }] of Object.entries(JUSTIFIED_WARNINGS)) {
      const where = justified.filter((problem) => problem.ruleId === rule).map((problem) => problem.location[0]?.pointer);
      console.info(`Justified ${rule} (${where.length}): ${reason}\n  ${where.join('\n  ')}`);
    }
    expect(problems.filter((problem) => !isJustified(problem)).map(describeProblem)).toEqual([]);
    // A justified warning that no longer occurs leaves the list: it must not grow stale.
    expect(justified.map((problem) => problem.location[0]?.pointer).sort()).toEqual(
      Object.values(JUSTIFIED_WARNINGS)
        .flatMap(({ pointers }) => pointers)
        .sort(),
    );
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
