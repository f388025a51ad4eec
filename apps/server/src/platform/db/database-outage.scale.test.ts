import { workflows as contract } from '@console/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { requireScaleServices, saveStep, startPair, type Instance, type Pair } from '#test/instances.js';
import { startTcpProxy, type TcpProxy } from '#test/tcp-proxy.js';
import { waitUntil } from '#test/wait.js';

/**
 * PostgreSQL goes away and comes back (issue 11 §2): two instances reach the machine's
 * PostgreSQL through a TCP proxy the test cuts and restores (the machine's server is never
 * stopped). While it is away, answers say so (503 database_unavailable, Retry-After), never 500.
 */
let proxy: TcpProxy;
let pair: Pair;

beforeAll(async () => {
  const { redisUrl } = requireScaleServices();
  const adminUrl = new URL(inject('postgresAdminUrl'));
  proxy = await startTcpProxy({ host: adminUrl.hostname, port: Number(adminUrl.port || 5432) });
  pair = await startPair(redisUrl, { reachDatabase: (url) => proxy.urlFor(url) });
});

afterAll(async () => {
  await pair?.close();
  await proxy?.close();
});

async function get(
  instance: Instance,
  path: string,
): Promise<{ status: number; retryAfter: string | null; body: Record<string, unknown> }> {
  const response = await fetch(`${instance.base}/api${path}`, { headers: { cookie: pair.cookie } });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('a PostgreSQL outage', { timeout: 90_000 }, () => {
  it('answers 503 database_unavailable with Retry-After while it lasts, health stays up, and both instances serve again when it is back', async () => {
    const { a, b, uai, cookie } = pair;
    expect(await get(a, '/ready')).toMatchObject({ status: 200, body: { status: 'ready', database: 'up' } });
    const workflow = contract.getSchoolWorkflow.answer.parse((await get(a, `/workflows/${uai}`)).body);
    const step = workflow.data.find((candidate) => candidate.itemLabel === 'Sources')!;
    const save = contract.buildSaveActions(step, {
      isNotNeeded: false,
      isCompleted: true,
      comment: 'Pendant la coupure',
      subSteps: [],
      deletedSubSteps: [],
    });

    await proxy.cut();
    for (const instance of [a, b]) {
      // The first requests meet the cut connections, the next ones the refused ones: all alike.
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await get(instance, `/workflows/${uai}`);
        expect(answer).toMatchObject({ status: 503, retryAfter: '5', body: { code: 'database_unavailable' } });
      }
      const put = await fetch(`${instance.base}/api/workflows/${uai}`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(save),
      });
      expect({ status: put.status, body: await put.json() }).toMatchObject({
        status: 503,
        body: { code: 'database_unavailable' },
      });
      expect(await get(instance, '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await get(instance, '/ready')).toMatchObject({
        status: 503,
        retryAfter: '5',
        body: { status: 'unavailable', database: 'down' },
      });
    }

    await proxy.restore();
    for (const instance of [a, b]) {
      await waitUntil(
        'the instance serving again',
        async () => (await get(instance, `/workflows/${uai}`)).status === 200,
        30_000,
      );
      expect(await get(instance, '/ready')).toMatchObject({ status: 200, body: { status: 'ready', database: 'up' } });
    }
    expect(await saveStep(b.base, cookie, uai, 'Sources', 'Après la coupure')).toBe(200);
  });
});
