import * as contract from '@console/contract';
import type { RouteDescriptor } from '@console/contract';
import type { z } from 'zod';

/**
 * Walks the HTTP contract for the bad-input tests: every route descriptor it exports, a valid
 * sample input of each schema (built from the schema itself, so that a new route or field is
 * covered without a test of its own), and the paths of the sample's texts and numbers to spoil.
 */

/** Every route descriptor of the contract, found in its feature namespaces. */
export function listContractRoutes(): RouteDescriptor[] {
  const found: RouteDescriptor[] = [];
  for (const namespace of Object.values(contract)) {
    if (namespace === null || typeof namespace !== 'object') continue;
    for (const candidate of Object.values(namespace as Record<string, unknown>)) {
      if (isRouteDescriptor(candidate)) found.push(candidate);
    }
  }
  return found;
}

function isRouteDescriptor(value: unknown): value is RouteDescriptor {
  if (value === null || typeof value !== 'object') return false;
  const route = value as Partial<RouteDescriptor>;
  return (
    typeof route.method === 'string' && typeof route.path === 'string' && route.answer !== undefined && route.right !== undefined
  );
}

/** Values the walker tries first for a field of this name (existing rows of the test database). */
export type KnownValues = Record<string, string | number>;

const TEXT_CANDIDATES = [
  'a',
  'Texte',
  'prenom.nom',
  'user@example.fr',
  'https://example.fr/x',
  '2026-01-15',
  'Nouveau#2027',
  '1',
];
const NUMBER_CANDIDATES = [1, 0, 2, 0.5];

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  checks?: { _zod: { def: { check: string; minimum?: number } } }[];
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const parses = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/**
 * A value of `schema` that it accepts, or the closest the walker finds: known values by field
 * name first, then common texts and numbers, the first option of a union that parses.
 */
export function sampleOf(schema: z.ZodType, known: KnownValues = {}, name = ''): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return sampleOf(def.innerType!, known, name);
    case 'pipe':
      return sampleOf(def.in!, known, name);
    case 'string':
    case 'number': {
      const candidates = [
        ...(name in known ? [known[name]] : []),
        ...(def.type === 'string' ? TEXT_CANDIDATES : [...NUMBER_CANDIDATES, ...NUMBER_CANDIDATES.map(String)]),
      ];
      return candidates.find((candidate) => parses(schema, candidate)) ?? candidates[0];
    }
    case 'boolean':
      return true;
    case 'literal':
      return def.values![0];
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape!).map(([key, field]) => [key, sampleOf(field, known, key)]));
    case 'array': {
      const minimum = def.checks?.find((check) => check._zod.def.check === 'min_length')?._zod.def.minimum ?? 1;
      return Array.from({ length: Math.max(1, minimum) }, () => sampleOf(def.element!, known, name));
    }
    case 'union': {
      const samples = def.options!.map((option) => sampleOf(option, known, name));
      return samples.find((sample) => parses(schema, sample)) ?? samples[0];
    }
    case 'record':
      return {};
    default:
      return 'x';
  }
}

/** The paths of the strings and of the numbers in a JSON-like sample ('' for the sample itself). */
export function leavesOf(sample: unknown): { texts: string[][]; numbers: string[][] } {
  const texts: string[][] = [];
  const numbers: string[][] = [];
  const visit = (node: unknown, path: string[]) => {
    if (typeof node === 'string') texts.push(path);
    else if (typeof node === 'number') numbers.push(path);
    else if (node !== null && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) visit(child, [...path, key]);
  };
  visit(sample, []);
  return { texts, numbers };
}

/** A copy of `sample` with the value at `path` replaced. */
export function replaceAt(sample: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = (Array.isArray(sample) ? [...sample] : { ...(sample as object) }) as Record<string, unknown>;
  copy[head] = replaceAt(copy[head], rest, value);
  return copy;
}
