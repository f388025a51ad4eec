import { z } from 'zod';

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

/**
 * What the user is told about a refused request, beyond what its code says: a stable reason the
 * browser translates (in fr and en), with `details.params` filled into the text. An error's
 * `message` is English, for logs and integrators; no browser reads it. Field errors
 * (`details.fieldErrors`) are the contract's message keys, as its schemas give them.
 */
export const ERROR_REASONS = [
  // rights and reach
  'no_right',
  'target_above_caller',
  // users
  'self_delete',
  'self_disable',
  'not_disabled',
  'own_profile',
  'profile_not_assignable',
  'page_not_editable',
  'username_taken',
  'duplicate_option',
  'undo_unknown',
  'undo_expired',
  'duplicate_username',
  'pne_not_configured',
  'pne_unavailable',
  'pne_teachers_only',
  'mail_failed',
  // sending something outside once (Idempotency-Key)
  'request_already_received',
  // sign-in
  'invalid_sign_in_link',
  'password_change_not_allowed',
  'unlock_not_allowed',
  'sign_in_link_profile',
  // schools, workflows, directory, single sign-on
  'uai_exists',
  'school_not_empty',
  'quote_source_external',
  'directory_unavailable',
  'sso_not_configured',
  'email_required',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** Values a reason's text names (a count, a login). */
export type ErrorParams = Record<string, string | number>;

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
