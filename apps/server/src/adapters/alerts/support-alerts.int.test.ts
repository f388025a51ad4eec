import { createServer, type Server } from 'node:http';
import { alerts } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, requestOf, type TestContext } from '#test/context.js';
import { createSupportAlertSource } from './support-alerts.js';

/** A local fake of the support host: a path per behaviour. */
let fake: Server;
let base: string;

beforeAll(async () => {
  fake = createServer((request, response) => {
    switch (request.url) {
      case '/alerts':
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify([
            { label: 'Maintenance ce soir à 22 h', type: 'warning' },
            { label: 'Nouvelle version disponible', type: 'info' },
            { label: 'bad type', type: 'purple' },
            'not an object',
          ]),
        );
        return;
      case '/slow':
        setTimeout(() => response.end('[]'), 6_000);
        return;
      case '/garbage':
        response.end('<html>oops</html>');
        return;
      default:
        response.statusCode = 503;
        response.end();
    }
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

describe('support alerts adapter', () => {
  it('keeps the well-formed alerts of the list', async () => {
    expect(await createSupportAlertSource(`${base}/alerts`, 1000).fetchAlerts()).toEqual([
      { label: 'Maintenance ce soir à 22 h', type: 'warning' },
      { label: 'Nouvelle version disponible', type: 'info' },
    ]);
  });

  it.each(['/slow', '/garbage', '/down'])('gives no alert when the host answers %s', async (path) => {
    const started = performance.now();
    expect(await createSupportAlertSource(`${base}${path}`, 1_000).fetchAlerts()).toEqual([]);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('gives no alert when no host is configured', async () => {
    expect(await createSupportAlertSource(undefined, 300).fetchAlerts()).toEqual([]);
  });
});

describe('GET /alerts', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ ALERTS_URL: `${base}/alerts` });
  });
  afterAll(() => t.close());

  it('answers the alerts without a session', async () => {
    const response = await t.app.inject(requestOf(alerts.listAlerts));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });
});
