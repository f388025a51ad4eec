import type { ErrorBody } from '@console/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { DatabaseMonitor } from '#platform/db/availability.js';
import { isDatabaseUnreachable } from '#platform/db/availability.js';
import { AppError } from './app-error.js';

const FASTIFY_CODES: Record<number, ErrorBody['code']> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_attempts',
};

/** Seconds a client waits before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer while the database cannot be reached: an outage a client retries, not a bug. */
export function sendDatabaseUnavailable(reply: FastifyReply): FastifyReply {
  const body: ErrorBody = { code: 'database_unavailable', message: 'The database cannot be reached; retry in a few seconds.' };
  return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(body);
}

/**
 * One error shape for every answer: `{code, message, details}`. Validation failures carry
 * `details.fieldErrors`; an error saying the database cannot be reached is answered 503
 * `database_unavailable` with Retry-After and handed to the monitor (which logs the outage once,
 * not once per request); other unknown errors are logged with the request id and answered
 * `internal_error` without internals.
 */
export function registerErrorHandler(app: FastifyInstance, database?: DatabaseMonitor): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (isDatabaseUnreachable(error)) {
      database?.reportFailure(error);
      request.log.debug({ err: error, requestId: request.id }, 'database unreachable');
      return sendDatabaseUnavailable(reply);
    }
    if (error instanceof AppError) {
      const body: ErrorBody = { code: error.code, message: error.message, details: error.details };
      return reply.status(error.statusCode).send({ ...error.extra, ...body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
        (fieldErrors[where] ??= []).push(issue.message ?? 'invalid');
      }
      const body: ErrorBody = { code: 'validation_failed', message: 'Invalid input', details: { fieldErrors } };
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, requestId: request.id }, 'answer does not match its schema');
    } else {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const body: ErrorBody = { code: FASTIFY_CODES[status] ?? 'bad_request', message: error.message };
        return reply.status(status).send(body);
      }
      request.log.error({ err: error, requestId: request.id }, 'unexpected error');
    }
    const body: ErrorBody = {
      code: 'internal_error',
      message: 'An unexpected error occurred',
      details: { requestId: String(request.id) },
    };
    return reply.status(500).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` };
    return reply.status(404).send(body);
  });
}
