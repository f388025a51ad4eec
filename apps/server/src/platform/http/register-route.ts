import {
  API_PREFIX,
  API_VERSION_HEADER,
  findUnsafeText,
  isNestedDeeperThan,
  MAX_INPUT_DEPTH,
  TOO_DEEP,
  PRODUCT_VERSION,
  UNSAFE_TEXT,
  withoutAccents,
  type FileAnswer,
  type RouteAnswer,
  type RouteDescriptor,
} from '@console/contract';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireRight } from '#platform/auth/rights.js';
import { findSessionActor, SESSION_COOKIE } from '#platform/auth/sessions.js';
import type { Actor, AppDeps } from '#platform/context.js';
import { AppError, validationError } from '#platform/errors/app-error.js';
import { runOnce } from './idempotency.js';
import { jsonAnswer, type JsonList } from './json-answer.js';
import { operationIdOf } from './operation-ids.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  interface FastifyRequest {
    actor: Actor | null;
  }
}

type Parsed<S> = Exclude<S, undefined> extends z.ZodType ? z.output<Exclude<S, undefined>> : undefined;

export type RouteRequest<R extends RouteDescriptor, D extends AppDeps = AppDeps> = {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
  /**
   * What a service takes first: the dependencies given to `registerRoute` and the caller (a
   * `ServiceContext` on every signed-in route; the caller or null on a public one), so that a
   * route passes it on as it is.
   */
  ctx: D & { actor: R['right'] extends 'public' ? Actor | null : Actor };
  raw: FastifyRequest;
  reply: FastifyReply;
};

export type RouteOptions = {
  /**
   * `json` serialises the answer with JSON.stringify (large lists: a compiled schema serialiser
   * was 4.5× slower), an answer holding a list of thousands written in parts (`jsonAnswer`);
   * tests check such answers against their schema. Default: `schema`.
   */
  serialize?: 'schema' | 'json';
  /**
   * A public route that never reads the session (health checks): no session lookup, so that it
   * answers while the database cannot. Its handler gets `actor: null`.
   */
  withoutSession?: boolean;
};

/**
 * The largest body a public route reads (sign-in: a login and a password, a link token). Anyone
 * may send one, so it is refused past this size before it is parsed (413 `payload_too_large`):
 * a body of a megabyte (the limit for signed-in callers, whose session is checked before their
 * body is read) costs the server's one thread about a second to parse.
 */
export const PUBLIC_BODY_LIMIT_BYTES = 16_384;

/** Reads the session cookie and attaches the caller; never throws. */
export async function attachActor(deps: AppDeps, request: FastifyRequest): Promise<Actor | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  return (
    (await findSessionActor(deps.db, token, { ttlHours: deps.env.SESSION_TTL_HOURS, cacheMs: deps.env.SESSION_CACHE_MS })) ?? null
  );
}

/**
 * Refuses a request whose params, query or body hold a text with a NUL character or a lone
 * surrogate (the contract's text rule), before the schemas: 400 `validation_failed` with
 * `unsafe_text` on each such field. A field at the root of a part is named by the part. A part
 * nested deeper than any call needs (`MAX_INPUT_DEPTH`) is refused first, named by the part with
 * `too_deep`: nothing after this walks it, not the schemas, the audit nor a log.
 */
function refuseUnsafeInput(request: FastifyRequest): void {
  const fieldErrors: Record<string, string[]> = {};
  for (const [part, value] of [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    if (isNestedDeeperThan(value, MAX_INPUT_DEPTH)) throw validationError({ [part]: [TOO_DEEP] });
    for (const path of findUnsafeText(value)) fieldErrors[path || part] = [UNSAFE_TEXT];
  }
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
}

/**
 * An answer as a route serialised with JSON.stringify (`serialize: 'json'`) may give it: each of its
 * lists an array or a JsonList of the same items, which jsonAnswer sends as already written.
 */
export type WithJsonLists<A> = A extends readonly unknown[]
  ? A
  : { [K in keyof A]: A[K] extends readonly (infer Item)[] ? A[K] | JsonList<Item> : A[K] };

/**
 * Registers a contract route under `/api`. The session and the right are checked in `onRequest`,
 * before the body is read or validated: a caller without a session gets 401 whatever it sent.
 * Every text of the input then meets the contract's text rule before the route's schemas run.
 */
export function registerRoute<R extends RouteDescriptor, D extends AppDeps = AppDeps>(
  app: FastifyInstance,
  deps: D,
  route: R,
  handler: (request: RouteRequest<R, D>) => Promise<WithJsonLists<RouteAnswer<R>>>,
  options: RouteOptions & { serialize: 'json' },
): void;
export function registerRoute<R extends RouteDescriptor, D extends AppDeps = AppDeps>(
  app: FastifyInstance,
  deps: D,
  route: R,
  handler: (request: RouteRequest<R, D>) => Promise<RouteAnswer<R>>,
  options?: RouteOptions,
): void;
export function registerRoute<R extends RouteDescriptor, D extends AppDeps = AppDeps>(
  app: FastifyInstance,
  deps: D,
  route: R,
  handler: (request: RouteRequest<R, D>) => Promise<unknown>,
  options: RouteOptions = {},
): void {
  const url = API_PREFIX + route.path;
  app.route({
    method: route.method,
    url,
    config: { right: route.right },
    ...(route.right === 'public' && { bodyLimit: PUBLIC_BODY_LIMIT_BYTES }),
    schema: {
      operationId: operationIdOf(route),
      summary: route.summary,
      ...(route.params && { params: route.params }),
      ...(route.query && { querystring: route.query }),
      ...(route.body && { body: route.body }),
      ...(options.serialize !== 'json' && !route.produces && { response: { 200: route.answer } }),
    },
    onRequest: async (request) => {
      if (options.withoutSession && route.right === 'public') return;
      request.actor = await attachActor(deps, request);
      if (route.right === 'public') return;
      if (!request.actor) throw new AppError('unauthenticated', 'Authentication required');
      if (route.right !== 'session') requireRight(request.actor, route.right.area, route.right.level);
    },
    preValidation: async (request) => refuseUnsafeInput(request),
    handler: async (request, reply) => {
      void reply.header(API_VERSION_HEADER, PRODUCT_VERSION);
      const run = () =>
        handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          ctx: { ...deps, actor: request.actor as never },
          raw: request,
          reply,
        });
      let answer: unknown;
      if (route.sendsOutside && request.actor) {
        const outcome = await runOnce(deps.db, request.actor, request, reply, run);
        if (outcome.kind === 'replayed')
          return reply.status(outcome.status).type('application/json; charset=utf-8').send(JSON.stringify(outcome.body));
        answer = outcome.answer;
      } else {
        answer = await run();
      }
      if (route.produces) return sendFile(reply, answer as FileAnswer);
      if (options.serialize === 'json') return reply.type('application/json; charset=utf-8').send(jsonAnswer(answer));
      return answer;
    },
  });
}

/**
 * Sends a route's file: its media type, its name as an attachment (RFC 6266: an ASCII fallback
 * and the UTF-8 name), and its bytes; chunks produced while sending are streamed as they come.
 */
function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  const asciiName = withoutAccents(file.fileName)
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  void reply
    .type(file.mediaType)
    .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  const body = file.body;
  return reply.send(typeof body === 'string' || body instanceof Uint8Array ? body : Readable.from(body));
}
