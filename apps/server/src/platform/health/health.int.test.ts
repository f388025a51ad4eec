import { health } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, requestOf, type TestContext } from '#test/context.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('health and readiness (for load balancers)', () => {
  it('answers GET /api/health without a session and without reading one', async () => {
    for (const headers of [{}, { cookie: 'sid=not-a-session' }]) {
      const response = await t.app.inject({ ...requestOf(health.getHealth), headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers GET /api/ready with the database up and realtime within this instance (no REDIS_URL)', async () => {
    const response = await t.app.inject(requestOf(health.getReady));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up', realtime: 'local' });
  });
});
