import { auth, defineRoute, health, users } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findRouteByOperationId, listContractRoutes, nameRouteDescriptors, operationIdOf } from './operation-ids.js';

const route = (path: string) => defineRoute({ method: 'GET', path, right: 'public', summary: path, answer: z.object({}) });

describe('nameRouteDescriptors', () => {
  it('names a descriptor by its namespace and export, or by its export at the top', () => {
    const listThings = route('/things');
    const getThing = route('/things/:id');
    const getHealth = route('/health');
    const names = nameRouteDescriptors({ things: { listThings, getThing }, getHealth });
    expect([...names.values()]).toEqual(['things.listThings', 'things.getThing', 'getHealth']);
    expect(names.get(getThing)).toBe('things.getThing');
  });

  it('passes over refs, schemas, constants and deeper objects', () => {
    const listThings = route('/things');
    const names = nameRouteDescriptors({
      thingsRef: { method: 'GET', path: '/things' },
      thingSchema: z.object({ id: z.number() }),
      LIMITS: { max: 10 },
      things: { nested: { listThings } },
    });
    expect(names.size).toBe(0);
  });

  it('refuses a descriptor exported under two names', () => {
    const listThings = route('/things');
    expect(() => nameRouteDescriptors({ things: { listThings }, stuff: { listThings } })).toThrow(
      'The route GET /things is exported twice, as things.listThings and stuff.listThings',
    );
  });
});

describe('operationIdOf', () => {
  it.each([
    ['users.bulkUpdateUsers', users.bulkUpdateUsers],
    ['users.mailUsers', users.mailUsers],
    ['users.searchUsers', users.searchUsers],
    ['auth.login', auth.login],
    ['health.getReady', health.getReady],
  ])('names %s by its contract namespace and export', (name, descriptor) => {
    expect(operationIdOf(descriptor)).toBe(name);
    expect(findRouteByOperationId(name)).toBe(descriptor);
  });

  it('gives every contract route a URL-safe name of the form feature.export', () => {
    const names = listContractRoutes().map(([, name]) => name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !/^[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$/.test(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('throws for a descriptor the contract does not export', () => {
    expect(() => operationIdOf(route('/elsewhere'))).toThrow('The route GET /elsewhere is not exported by @console/contract');
    expect(findRouteByOperationId('users.nothing')).toBeUndefined();
  });
});
