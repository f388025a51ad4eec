import { STATUS_CODES } from 'node:http';
import {
  API_PREFIX,
  auth,
  ERROR_STATUS,
  errorBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  PRODUCT_VERSION,
  type ErrorCode,
  type RouteDescriptor,
  type RouteRight,
} from '@console/contract';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { SESSION_COOKIE } from '#platform/auth/sessions.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '#platform/errors/error-handler.js';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency.js';
import { errorStatusesOf, ROUTE_STATUSES, type ErrorStatus } from './openapi-statuses.js';
import { findRouteByOperationId } from './operation-ids.js';

/** The path of the OpenAPI document (JSON). */
export const OPENAPI_PATH = `${API_PREFIX}/docs`;

/** The name of the session cookie's security scheme in `components.securitySchemes`. */
export const SESSION_SECURITY_SCHEME = 'sessionCookie';

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';
const JSON_MEDIA_TYPE = 'application/json';
const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** What each error status adds to the shared description of its codes. */
const STATUS_NOTES: Partial<Record<ErrorStatus, string>> = {
  400: ' `validation_failed` carries `details.fieldErrors`: messages keyed by field path.',
  500: ' `details.requestId` names the request in the server logs.',
  503: ' `database_unavailable` comes with `Retry-After`.',
};

/**
 * Registers @fastify/swagger and serves its document at OPENAPI_PATH: every contract route with
 * its operationId, its session security, its answer (also for routes serialised without a
 * schema) and the error answers `{code, message, details}` of the statuses it can give.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Console API',
        version: PRODUCT_VERSION,
        description: `Every error answers the ErrorBody shape; its \`code\` is stable, its \`message\` English for logs. Sign in with POST /api${auth.login.path} to get the session cookie.`,
      },
      servers: [{ url: '/' }],
    },
    transform: transformRoute,
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) throw new Error('The API is described in OpenAPI 3');
      return completeDocument(documentObject.openapiObject as OpenAPIV3.Document);
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

/** An answer of a route in the form the zod transform converts, with its description. */
type AnswerResponse = { description: string; content: Record<string, { schema: z.ZodType }> };

function answerResponse(route: RouteDescriptor, description: string): AnswerResponse {
  return { description, content: { [JSON_MEDIA_TYPE]: { schema: route.answer } } };
}

/** The answer of a route that answers a file: its bytes, in each of its media types. */
function fileResponse(route: RouteDescriptor, description: string): AnswerResponse {
  const bytes = z.string().meta({ format: 'binary' });
  return { description, content: Object.fromEntries((route.produces ?? []).map((mediaType) => [mediaType, { schema: bytes }])) };
}

/**
 * Documents a contract route's answer from its descriptor, whatever Fastify serialises it with,
 * and the other statuses that carry it; then converts the zod schemas. A route serialised with
 * JSON.stringify (register-route's `serialize: 'json'`, which leaves no response schema) sends
 * its answer unstripped, so its objects are not documented as closed. Other routes are converted
 * as they are.
 */
const transformRoute: SwaggerTransform = (document) => {
  const schema = document.schema as { operationId?: unknown; response?: unknown } | undefined;
  const operationId = schema?.operationId;
  const route = typeof operationId === 'string' ? findRouteByOperationId(operationId) : undefined;
  if (!route || typeof operationId !== 'string') return jsonSchemaTransform(document);
  const response: Record<number, AnswerResponse> = {
    200: route.produces ? fileResponse(route, STATUS_CODES[200]!) : answerResponse(route, STATUS_CODES[200]!),
  };
  for (const [status, description] of Object.entries(ROUTE_STATUSES[operationId]?.answers ?? {})) {
    response[Number(status)] = answerResponse(route, description);
  }
  const transformed = jsonSchemaTransform({ ...document, schema: { ...document.schema, response } });
  if (schema?.response === undefined) openObjects((transformed.schema as { response?: unknown }).response);
  return transformed;
};

/** Drops every `additionalProperties: false` of a JSON schema, in place. */
export function openObjects(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const node = value as Record<string, unknown>;
  if (!Array.isArray(value) && node.additionalProperties === false) delete node.additionalProperties;
  for (const child of Object.values(node)) openObjects(child);
}

/**
 * Completes the document built from the routes: per contract operation its rights, its security
 * (the session cookie unless public, none for a public route) and its error answers as shared
 * components; the Idempotency-Key header on routes that send something outside; and the
 * components themselves (only the error answers some operation uses).
 */
export function completeDocument(document: OpenAPIV3.Document): OpenAPIV3.Document {
  const used = new Set<ErrorStatus>();
  for (const pathItem of Object.values(document.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = pathItem?.[method];
      const route = operation?.operationId === undefined ? undefined : findRouteByOperationId(operation.operationId);
      if (!operation || !route) continue;
      operation.description = describeRight(route.right);
      operation.security = route.right === 'public' ? [] : [{ [SESSION_SECURITY_SCHEME]: [] }];
      if (route.sendsOutside) operation.parameters = [...(operation.parameters ?? []), idempotencyKeyParameter()];
      for (const status of errorStatusesOf(route, operation.operationId!)) {
        operation.responses[status] = { $ref: `#/components/responses/${errorResponseName(status)}` };
        used.add(status);
      }
    }
  }
  distributeNullable(document.paths);
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ErrorBody: errorBodyJsonSchema() },
    responses: Object.fromEntries(
      [...used].sort((a, b) => a - b).map((status) => [errorResponseName(status), errorResponse(status)]),
    ),
    securitySchemes: {
      [SESSION_SECURITY_SCHEME]: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: `The session cookie set by POST /api${auth.login.path} and POST /api${auth.loginWithToken.path}.`,
      },
    },
  };
  return document;
}

function describeRight(right: RouteRight): string {
  if (right === 'public') return 'Public: no session needed.';
  if (right === 'session') return 'Needs a session, whatever its rights.';
  return `Needs a session whose rights grant \`${right.area}\` at \`${right.level}\`.`;
}

function idempotencyKeyParameter(): OpenAPIV3.ParameterObject {
  return {
    name: IDEMPOTENCY_KEY_HEADER,
    in: 'header',
    required: false,
    description: `One key per user action: a repeat of the same request with the same key is answered from the first (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`) without sending again.`,
    schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
  };
}

/** `PayloadTooLarge` for 413: the HTTP reason phrase, as a component name. */
export function errorResponseName(status: ErrorStatus): string {
  return (STATUS_CODES[status] ?? `Status${status}`).replace(/[^A-Za-z ]/g, '').replace(/ /g, '');
}

function errorResponse(status: ErrorStatus): OpenAPIV3.ResponseObject {
  const codes = (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === status);
  return {
    description: `${STATUS_CODES[status]}: \`code\` is ${codes.map((code) => `\`${code}\``).join(' or ')}.${STATUS_NOTES[status] ?? ''}`,
    ...(status === 503 && {
      headers: {
        'Retry-After': {
          description: 'Seconds to wait before retrying.',
          schema: { type: 'integer', example: DATABASE_RETRY_AFTER_SECONDS },
        },
      },
    }),
    content: { [JSON_MEDIA_TYPE]: { schema: { $ref: ERROR_BODY_REF } } },
  };
}

/**
 * The contract's error body as OpenAPI 3.0 JSON Schema. Converted as an input, which leaves it
 * open to more fields: an answer may add some beside `{code, message, details}` (AppError's
 * `extra`, such as the workflow update's `data.errors`).
 */
function errorBodyJsonSchema(): OpenAPIV3.SchemaObject {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(errorBodySchema, {
    target: 'openapi-3.0',
    io: 'input',
  }) as OpenAPIV3.SchemaObject & { $schema?: string };
  return {
    ...schema,
    description: "Every error answer. `code` is stable (the contract's ERROR_STATUS); `message` is English, for logs.",
  };
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`, so the `{nullable: true, anyOf: [...]}` the
 * zod transform writes for a nullable union would not admit null: moves `nullable` into each
 * branch when every branch has a type. Changes `value` in place.
 */
export function distributeNullable(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) distributeNullable(item);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const node = value as Record<string, unknown>;
  const branches = node.anyOf;
  if (node.nullable === true && node.type === undefined && Array.isArray(branches) && branches.every(hasType)) {
    delete node.nullable;
    for (const branch of branches) branch.nullable = true;
  }
  for (const child of Object.values(node)) distributeNullable(child);
}

function hasType(schema: unknown): schema is Record<string, unknown> {
  return typeof schema === 'object' && schema !== null && typeof (schema as Record<string, unknown>).type === 'string';
}
