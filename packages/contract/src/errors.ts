import { z } from 'zod';
import { ERROR_REASONS, type ErrorParams, type ErrorReason } from './error-reasons.js';

/** Stable error codes and the HTTP status each maps to. */
export const ERROR_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  invalid_current_password: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  cross_site_request: 403,
  not_allowed_to_update_password: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** An Idempotency-Key already used for another request. */
  idempotency_key_reused: 422,
  account_locked: 423,
  too_many_attempts: 429,
  internal_error: 500,
  service_unavailable: 503,
  /** The database cannot be reached (an outage, not a bug): retry after `Retry-After` seconds. */
  database_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/**
 * `details` of an error answer: the field errors of a refused input, the request id of an
 * unexpected failure, the user-facing reason and its parameters, and what a route adds (counts).
 */
export type ErrorDetails = {
  fieldErrors?: Record<string, string[]>;
  requestId?: string;
  reason?: ErrorReason;
  params?: ErrorParams;
  [key: string]: unknown;
};

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z
    .object({
      fieldErrors: fieldErrorsSchema.optional(),
      requestId: z.string().optional(),
      reason: z.enum(ERROR_REASONS).optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .catchall(z.unknown())
    .optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });
