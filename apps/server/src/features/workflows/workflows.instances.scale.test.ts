import type { ServerEventPayload } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireScaleServices, saveStep, startPair, waitForServers, type Pair } from '#test/instances.js';
import { nextEvent } from '#test/sockets.js';

/**
 * Two server instances on one PostgreSQL database and the machine's Redis, as at scale: a change
 * saved through instance A's HTTP API reaches a socket connected to instance B (and back).
 */
let pair: Pair;

beforeAll(async () => {
  pair = await startPair(requireScaleServices().redisUrl);
  await waitForServers(pair.a, 2);
  await waitForServers(pair.b, 2);
});

afterAll(async () => {
  await pair?.close();
});

const withComment = (comment: string) => (payload: ServerEventPayload<'workflow.uai.data'>) =>
  payload.uai === pair.uai && payload.data.some((step) => step.eventComment === comment);

describe('realtime across two instances (Socket.IO Redis adapter)', () => {
  it('carries a change saved through instance A to a socket connected to instance B', async () => {
    const { a, b, uai, cookie } = pair;
    const onB = await pair.follow(b);
    const seen = nextEvent(onB, 'workflow.uai.data', withComment('Saisi sur A'));
    expect(await saveStep(a.base, cookie, uai, 'Liste des manuels', 'Saisi sur A')).toBe(200);
    const payload = await seen;
    expect(payload.data.find((step) => step.itemLabel === 'Liste des manuels')).toMatchObject({
      statusId: 1,
      eventComment: 'Saisi sur A',
    });
  });

  it('and the other way round', async () => {
    const { a, b, uai, cookie } = pair;
    const onA = await pair.follow(a);
    const seen = nextEvent(onA, 'workflow.uai.data', withComment('Saisi sur B'));
    expect(await saveStep(b.base, cookie, uai, 'Sources', 'Saisi sur B')).toBe(200);
    expect((await seen).data.find((step) => step.itemLabel === 'Sources')!.statusId).toBe(1);
  });
});
