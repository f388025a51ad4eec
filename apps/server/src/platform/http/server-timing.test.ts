import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addServerTiming, PhaseClock, withRequestTiming } from './server-timing.js';

/** A server with app.ts's hook: the whole request's metric, then what the route added. */
async function answerWith(phases: Record<string, number>[]) {
  const app = Fastify();
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('server-timing', withRequestTiming(reply, 12.345));
  });
  app.get('/', async (_request, reply) => {
    for (const part of phases) addServerTiming(reply, part);
    return { ok: true };
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response.headers['server-timing'];
}

describe('Server-Timing', () => {
  it('gives the whole request alone when the route adds nothing', async () => {
    expect(await answerWith([])).toBe('app;dur=12.35');
  });

  it('gives the phases a route added after the whole request, in their order', async () => {
    expect(await answerWith([{ read: 1.5, plan: 20 }, { store: 3.25 }])).toBe(
      'app;dur=12.35, read;dur=1.50, plan;dur=20.00, store;dur=3.25',
    );
  });

  it('leaves out a phase whose name would break the header', async () => {
    expect(await answerWith([{ 'plan, evil;dur=0': 1, pack: 2 }])).toBe('app;dur=12.35, pack;dur=2.00');
  });

  it('names a part of a phase as its own phase, never more than the phase took', () => {
    const clock = new PhaseClock();
    clock.phases.plan = 100;
    clock.carve('plan', 'pack', 30);
    clock.carve('plan', 'preview', 500);
    expect(clock.phases).toEqual({ plan: 0, pack: 30, preview: 70 });
  });

  it('times phases from lap to lap, adding a phase met twice', () => {
    const clock = new PhaseClock();
    clock.lap('read');
    clock.lap('plan');
    clock.lap('read');
    expect(Object.keys(clock.phases)).toEqual(['read', 'plan']);
    expect(Object.values(clock.phases).every((ms) => ms >= 0)).toBe(true);
  });
});
