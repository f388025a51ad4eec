import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, createTestEnv } from '#test/context.js';
import type { DatabaseHandle } from '#platform/db/client.js';

let handle: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, 'locales'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Console</title>');
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'locales', 'fr.json'), '{"global":{}}');
  handle = await createTestDatabase();
  app = await buildApp({ db: handle.db, env: createTestEnv(), engine: handle.engine }, { webDistDir: root });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
});

describe('serving the SPA', () => {
  it('answers index.html for / and any non-API path, to be revalidated', async () => {
    for (const url of ['/', '/some/view?iduser=abc']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Console</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and translations as revalidated files', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const locale = await app.inject({ method: 'GET', url: '/locales/fr.json' });
    expect(locale.json()).toEqual({ global: {} });
    expect(locale.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not the page, for a file the folder lacks (a picture, a script, a translation)', async () => {
    for (const url of ['/catalogue/platforms/lls2020.png', '/assets/index-gone.js', '/locales/xx.json', '/favicon.svg?v=2']) {
      const response = await app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode, page: response.body.includes('<title>') }).toEqual({
        url,
        status: 404,
        page: false,
      });
    }
  });

  it('never serves a file outside the folder, and answers JSON 404 for an unknown API path', async () => {
    const traversal = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(traversal.body).not.toContain('root:');
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
  });
});
