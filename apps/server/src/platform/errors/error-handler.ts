import type { ErrorBody } from '@console/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
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

/**
 * One error shape for every answer: `{code, message, details}`. Validation failures carry
 * `details.fieldErrors`; unknown errors are logged with the request id and answered
 * `internal_error` without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
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
