import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as contract from '@console/contract';
import { describe, expect, it } from 'vitest';

// docs/conventions.md, "Web": each feature folder's README says what it is, what it hides by which
// right, and the routes it calls with their rights. This keeps the last part true.

const FEATURES_DIR = import.meta.dirname;

type Route = { method: string; path: string };
/** A route descriptor, or a route reference (`authRefs.login`: its method and path only, for the sign-in bundle). */
const isRoute = (value: unknown): value is Route =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

const exported = contract as unknown as Record<string, unknown>;
/** Every route of the contract with its right, by `METHOD /path`. */
const RIGHTS = new Map(
  Object.values(exported)
    .flatMap((value) => (typeof value === 'object' && value !== null ? [value, ...Object.values(value)] : []))
    .filter((value): value is Route & { right: unknown } => isRoute(value) && 'right' in value)
    .map((route) => [`${route.method} ${route.path}`, route.right]),
);

function describeRight(right: unknown): string {
  if (typeof right === 'string') return right;
  const { area, level } = right as { area: string; level: string };
  return `${area} ${level}`;
}

/** Every source file of a folder, tests and test helpers left out. */
function sourcesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const entry = path.join(dir, name);
    if (statSync(entry).isDirectory()) return sourcesOf(entry);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$|^test-/.test(name)) return [];
    return [readFileSync(entry, 'utf8')];
  });
}

/** The contract routes a source names, through its imports from @console/contract (`users.getUser`, `getUser`). */
function routesNamedIn(source: string): Route[] {
  const routes: Route[] = [];
  for (const [, names] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@console\/contract'/g)) {
    for (const part of names!.split(',')) {
      const [name, local = name] = part.trim().split(/\s+as\s+/);
      if (!name || part.trim().startsWith('type ')) continue;
      const value = exported[name];
      if (isRoute(value) && new RegExp(`\\b${local}\\b`).test(source.replace(/import[^;]*;/g, ''))) routes.push(value);
      if (typeof value !== 'object' || value === null || isRoute(value)) continue;
      for (const [, member] of source.matchAll(new RegExp(`\\b${local}\\.(\\w+)`, 'g'))) {
        const named = (value as Record<string, unknown>)[member!];
        if (isRoute(named)) routes.push(named);
      }
    }
  }
  return routes;
}

const features = readdirSync(FEATURES_DIR).filter((name) => statSync(path.join(FEATURES_DIR, name)).isDirectory());

describe('the web features’ READMEs', () => {
  it.each(features)('%s: lists the routes it calls, with their rights', (feature) => {
    const dir = path.join(FEATURES_DIR, feature);
    const called = new Set(
      sourcesOf(dir)
        .flatMap(routesNamedIn)
        .map((route) => `${route.method} ${route.path} — ${describeRight(RIGHTS.get(`${route.method} ${route.path}`))}`),
    );
    const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
    const listed = [...readme.matchAll(/^- `([A-Z]+) ([^`]+)` — (.+)$/gm)].map(
      ([, method, routePath, right]) => `${method} ${routePath} — ${right}`,
    );
    expect(listed.sort()).toEqual([...called].sort());
  });
});
