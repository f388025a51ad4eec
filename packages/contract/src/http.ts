import type { z } from 'zod';
import type { RightArea, RightLevel } from './rights.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a caller needs to reach a route: `public` (no session), `session` (any signed-in user,
 * whatever their rights), or a rights-map area at a level. School scope is decided by services.
 */
export type RouteRight = 'public' | 'session' | AreaRight;

/** A rights-map area at a level, the right most routes name. */
export type AreaRight = { area: RightArea; level: RightLevel };

/** The area and level a route needs; throws for a public or session route, which names none. */
export function areaRightOf(route: Pick<RouteDescriptor, 'method' | 'path' | 'right'>): AreaRight {
  if (typeof route.right === 'string') throw new Error(`${route.method} ${route.path} needs ${route.right}, not a rights area`);
  return route.right;
}

/** One endpoint of the HTTP contract. Paths are relative to `/api` and use `:name` parameters. */
export type RouteDescriptor<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Answer extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  path: string;
  right: RouteRight;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  answer: Answer;
  /**
   * The route sends something outside the product (mail, PNE activation): a client sends an
   * `Idempotency-Key` header, one per user action, and a repeat of the same request with the same
   * key is answered from the first without sending again (apps/server/src/platform/http/idempotency.ts).
   */
  sendsOutside?: true;
  /**
   * The route answers a file of one of these media types (its `answer` is `fileAnswerSchema`),
   * downloaded by the browser, not a JSON value; errors are still the JSON error body.
   */
  produces?: readonly string[];
};

/** Where every route of the contract is served: `API_PREFIX + route.path` (spec calls under /api, docs/design.md "The HTTP contract"). */
export const API_PREFIX = '/api';

/** The header naming one user action, on routes that send something outside (IETF draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer given again from the first request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export function defineRoute<Params extends z.ZodType, Query extends z.ZodType, Body extends z.ZodType, Answer extends z.ZodType>(
  route: RouteDescriptor<Params, Query, Body, Answer>,
): RouteDescriptor<Params, Query, Body, Answer> {
  return route;
}

/** The input a client passes to `call(route, input)`: only the parts the route declares. */
export type RouteInput<R> =
  R extends RouteDescriptor<infer P, infer Q, infer B, z.ZodType>
    ? (z.ZodType extends P ? { params?: never } : { params: z.input<P> }) &
        (z.ZodType extends Q ? { query?: never } : { query?: z.input<Q> }) &
        (z.ZodType extends B ? { body?: never } : { body: z.input<B> })
    : never;

/**
 * A route's method and path without its schemas, linked to its descriptor by type only: what a
 * client needs to call it. Code on the first load (sign-in) calls refs, so that zod and the
 * schemas load with the views that need them.
 */
export type RouteRef<R extends RouteDescriptor = RouteDescriptor> = {
  readonly method: R['method'];
  readonly path: R['path'];
  /** Never set: carries the descriptor's type. */
  readonly descriptor?: R;
};

export type RouteAnswer<R> = R extends RouteDescriptor<z.ZodType, z.ZodType, z.ZodType, infer A> ? z.output<A> : never;

/** The header every API answer carries, with the product version. */
export const API_VERSION_HEADER = 'x-api-version';
export const PRODUCT_VERSION = '3.1.0';

/** Fills `:name` segments of a route path; throws when a parameter is missing. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
