import * as contract from '@console/contract';
import type { RouteDescriptor } from '@console/contract';

/** Whether a value is a route descriptor (`defineRoute`), not a zod-free ref or another export. */
function isRouteDescriptor(value: unknown): value is RouteDescriptor {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof RouteDescriptor, unknown>>;
  return (
    typeof candidate.method === 'string' &&
    typeof candidate.path === 'string' &&
    candidate.right !== undefined &&
    candidate.answer !== undefined
  );
}

/**
 * Names each route descriptor of a module's exports by where it is exported: `users.bulkUpdateUsers`
 * for the export `bulkUpdateUsers` of the namespace `users`, the bare export name for one exported
 * at the top. Namespaces are walked one level deep, which is how the contract exports its features.
 * The names are unique by construction (two exports cannot share a name). Throws when a descriptor
 * is exported under two names: its name, and so the client an integrator generates, would then
 * depend on the order of the exports.
 */
export function nameRouteDescriptors(exports: Readonly<Record<string, unknown>>): Map<RouteDescriptor, string> {
  const names = new Map<RouteDescriptor, string>();
  const add = (route: RouteDescriptor, name: string) => {
    const earlier = names.get(route);
    if (earlier !== undefined)
      throw new Error(`The route ${route.method} ${route.path} is exported twice, as ${earlier} and ${name}`);
    names.set(route, name);
  };
  for (const [key, value] of Object.entries(exports)) {
    if (isRouteDescriptor(value)) {
      add(value, key);
    } else if (typeof value === 'object' && value !== null && !Array.isArray(value) && !('_zod' in value)) {
      for (const [exportName, inner] of Object.entries(value)) {
        if (isRouteDescriptor(inner)) add(inner, `${key}.${exportName}`);
      }
    }
  }
  return names;
}

let contractNames: { byRoute: Map<RouteDescriptor, string>; byName: Map<string, RouteDescriptor> } | undefined;

function namesOfContract() {
  if (!contractNames) {
    const byRoute = nameRouteDescriptors(contract);
    contractNames = { byRoute, byName: new Map([...byRoute].map(([route, name]) => [name, route])) };
  }
  return contractNames;
}

/**
 * The OpenAPI operationId of a contract route: its feature namespace and export name in
 * `@console/contract` (`users.bulkUpdateUsers`), stable while the export keeps its name. Throws
 * for a descriptor the contract does not export (every route is described there, docs/conventions.md).
 */
export function operationIdOf(route: RouteDescriptor): string {
  const name = namesOfContract().byRoute.get(route);
  if (name === undefined) throw new Error(`The route ${route.method} ${route.path} is not exported by @console/contract`);
  return name;
}

/** The contract route of an operationId, or undefined for a name that is none. */
export function findRouteByOperationId(operationId: string): RouteDescriptor | undefined {
  return namesOfContract().byName.get(operationId);
}

/** Every contract route with its operationId. */
export function listContractRoutes(): [RouteDescriptor, string][] {
  return [...namesOfContract().byRoute];
}
