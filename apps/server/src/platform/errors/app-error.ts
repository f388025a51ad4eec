import { ERROR_STATUS, type ErrorCode } from '@console/contract';

/** The one error type services throw; the error handler maps its code to a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  /**
   * Fields an answer adds beside `{code, message, details}`, for a contract whose clients read
   * them there (the workflow update's `data.errors`).
   */
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>, extra?: Record<string, unknown>) {
    super(message ?? code);
    this.code = code;
    this.details = details;
    this.extra = extra;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A 400 validation_failed error with messages keyed by field path. */
export function validationError(fieldErrors: Record<string, string[]>, message = 'Invalid input'): AppError {
  return new AppError('validation_failed', message, { fieldErrors });
}
