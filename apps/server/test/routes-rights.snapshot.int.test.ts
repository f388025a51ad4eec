import { readdirSync, readFileSync } from 'node:fs';
import { users } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const FEATURES_DIR = new URL('../src/features/', import.meta.url);
/** Routes of the platform itself, which no feature README lists. */
const PLATFORM_ROUTES = ['GET /health', 'GET /ready'];

/** The "Routes and rights" lines of every feature's README: `METHOD /path → right`. */
function readmeRouteLines(): string[] {
  return readdirSync(FEATURES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const readme = readFileSync(new URL(`${entry.name}/README.md`, FEATURES_DIR), 'utf8');
      return [...readme.matchAll(/^- `([A-Z]+) ([^`]+)` — (.+)$/gm)].map(
        ([, method, path, right]) => `${method} ${path} → ${right!.replace(' ', ':')}`,
      );
    });
}

function describeRight(right: unknown): string {
  if (right === undefined) return 'NONE';
  if (typeof right === 'string') return right;
  const { area, level } = right as { area: string; level: string };
  return `${area}:${level}`;
}

describe('route rights', () => {
  it('every API route names its right', () => {
    const missing = t.app.routeRights.filter((route) => route.right === undefined);
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  // A diff in these snapshots changes who can reach an endpoint: review it as a change of rights.
  it('matches the snapshot of METHOD /path → right', () => {
    const lines = t.app.routeRights
      .map((route) => `${route.method} ${route.url.replace(/^\/api/, '')} → ${describeRight(route.right)}`)
      .sort();
    expect(lines).toMatchSnapshot();
  });

  // docs/conventions.md: each feature folder's README says its routes and their rights; this keeps it true.
  it('lists every route once, with its right, in the README of its feature', () => {
    const routes = t.app.routeRights
      .map((route) => `${route.method} ${route.url.replace(/^\/api/, '')} → ${describeRight(route.right)}`)
      .filter((line) => !PLATFORM_ROUTES.some((platform) => line.startsWith(`${platform} `)))
      .sort();
    expect(readmeRouteLines().sort()).toEqual(routes);
  });

  it("matches the snapshot of each bulk-menu item → its route's right + its own right (checked by the bulk service)", () => {
    const lines = Object.entries(users.BULK_MENU_RIGHTS).map(
      ([item, { area, route }]) => `${item} → ${route.area}:${route.level} + ${area}:Ecriture`,
    );
    expect(lines).toMatchSnapshot();
  });

  it('answers 401 on every non-public route without a session', async () => {
    for (const route of t.app.routeRights.filter((candidate) => candidate.right !== 'public')) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const response = await t.app.inject({ method: route.method as 'GET', url });
      expect({ route: `${route.method} ${url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${url}`,
        status: 401,
      });
    }
  });

  it('answers a JSON 404 for an unknown API route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});
