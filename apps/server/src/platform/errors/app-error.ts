import { ERROR_STATUS, type ErrorCode, type ErrorDetails } from '@console/contract';

/**
 * The one error type services throw; the error handler maps its code to a status. `message` is
 * English, for logs and integrators; what the user is shown is the code, or `details.reason`
 * with `details.params` (the contract's ERROR_REASONS), which the browser translates.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  /**
   * Fields an answer adds beside `{code, message, details}`, for a contract whose clients read
   * them there (the workflow update's `data.errors`).
   */
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails, extra?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
    this.extra = extra;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A 400 validation_failed error with message keys by field path. */
export function validationError(fieldErrors: Record<string, string[]>, message = 'Invalid input'): AppError {
  return new AppError('validation_failed', message, { fieldErrors });
}
