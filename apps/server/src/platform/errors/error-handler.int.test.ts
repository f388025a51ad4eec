import { auth } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, createTestEnv, requestOf } from '#test/context.js';
import type { DatabaseHandle } from '#platform/db/client.js';
import type { FastifyInstance } from 'fastify';

let handle: DatabaseHandle;
let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  app = await buildApp({ db: handle.db, env: createTestEnv(), engine: handle.engine });
  // A route of this test only, outside the contract.
  app.get('/api/test/boom', { config: { right: 'public' } }, async () => {
    throw new Error('secret internals: connection string postgres://u:p@h/db');
  });
  app.addHook('onError', async (_request, _reply, error) => {
    logged.push(error.message);
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
});

describe('error handler', () => {
  it('answers internal_error with a request id and no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'req-42' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'internal_error',
      message: 'An unexpected error occurred',
      details: { requestId: 'req-42' },
    });
    expect(response.body).not.toContain('secret');
    expect(logged).toContain('secret internals: connection string postgres://u:p@h/db');
  });

  it('answers 415 for a body of an unsupported type', async () => {
    const response = await app.inject({
      ...requestOf(auth.login),
      payload: '<login/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_media_type');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    // The document is served beside the contract, not described by it.
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([requestOf(auth.login).url, requestOf(auth.me).url]),
    );
  });
});
