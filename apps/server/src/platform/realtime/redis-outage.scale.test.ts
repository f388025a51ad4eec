import type { ServerEventPayload } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireScaleServices, saveStep, startPair, waitForServers, type Pair } from '#test/instances.js';
import { waitUntil } from '#test/wait.js';
import { nextEvent } from '#test/sockets.js';
import { startTcpProxy, type TcpProxy } from '#test/tcp-proxy.js';

/**
 * Redis goes away and comes back, as an operator saw it (issue 11 §1): two instances reach the
 * machine's Redis through a TCP proxy the test cuts and restores (the machine's Redis is never
 * stopped). An unhandled rejection anywhere would fail this file: Vitest reports it as an error.
 */
let proxy: TcpProxy;
let pair: Pair;

beforeAll(async () => {
  const { redisUrl } = requireScaleServices();
  const target = new URL(redisUrl);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
  await proxy.cut();
  // Both start while Redis cannot be reached.
  pair = await startPair(proxy.urlFor(redisUrl));
});

afterAll(async () => {
  await pair?.close();
  await proxy?.close();
});

const withComment = (comment: string) => (payload: ServerEventPayload<'workflow.uai.data'>) =>
  payload.uai === pair.uai && payload.data.some((step) => step.eventComment === comment);

describe('a Redis outage (realtime between instances)', { timeout: 60_000 }, () => {
  it('lets instances start without Redis, serving HTTP and their own browsers, and join it when it comes', async () => {
    const { a, b, uai, cookie } = pair;
    expect(a.app.realtime.reach()).toBe('unreachable');
    expect(b.app.realtime.reach()).toBe('unreachable');
    const onA = await pair.follow(a);
    const seen = nextEvent(onA, 'workflow.uai.data', withComment('Sans Redis'));
    expect(await saveStep(a.base, cookie, uai, 'Liste des manuels', 'Sans Redis')).toBe(200);
    await seen;

    await proxy.restore();
    await waitUntil(
      'both instances on Redis',
      () => a.app.realtime.reach() === 'connected' && b.app.realtime.reach() === 'connected',
    );
    await waitForServers(a, 2);
    await waitForServers(b, 2);
    const onB = await pair.follow(b);
    const across = nextEvent(onB, 'workflow.uai.data', withComment('Redis venu'));
    expect(await saveStep(a.base, cookie, uai, 'Sources', 'Redis venu')).toBe(200);
    await across;
  });

  it('keeps serving through an outage, then resumes events between instances and tells browsers to refetch', async () => {
    const { a, b, uai, cookie } = pair;
    const onA = await pair.follow(a);
    const onB = await pair.follow(b);
    await proxy.cut();
    await waitUntil(
      'both instances see Redis away',
      () => a.app.realtime.reach() === 'unreachable' && b.app.realtime.reach() === 'unreachable',
    );

    // Saves during the outage are answered, and reach the browsers of the instance that saved.
    for (const comment of ['Pendant la coupure 1', 'Pendant la coupure 2']) {
      const local = nextEvent(onA, 'workflow.uai.data', withComment(comment));
      expect(await saveStep(a.base, cookie, uai, 'Liste des manuels', comment)).toBe(200);
      await local;
    }
    expect((await fetch(`${b.base}/api/workflows/${uai}`, { headers: { cookie } })).status).toBe(200);

    // Back: each instance's browsers are told that events may have been missed.
    const resyncA = nextEvent(onA, 'realtime.resync', () => true, 30_000);
    const resyncB = nextEvent(onB, 'realtime.resync', () => true, 30_000);
    await proxy.restore();
    await Promise.all([resyncA, resyncB]);
    await waitForServers(a, 2);
    await waitForServers(b, 2);
    const across = nextEvent(onB, 'workflow.uai.data', withComment('Après la coupure'));
    expect(await saveStep(a.base, cookie, uai, 'Sources', 'Après la coupure')).toBe(200);
    await across;
  });
});
