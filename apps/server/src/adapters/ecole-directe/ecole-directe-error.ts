/**
 * How a roster fetch failed: `invalid_token` when EcoleDirecte refuses the token (codes 520 and
 * 525, invalid or expired, and 403, forbidden); `school_unavailable` when the school is not on
 * EcoleDirecte (code 535); `unavailable` for everything else (another code, HTTP status, network
 * error, timeout, an answer too large or not of the documented shape).
 */
export type EcoleDirecteFailure = 'invalid_token' | 'school_unavailable' | 'unavailable';

/**
 * EcoleDirecte gave no usable roster; `failure` says how, for the caller's answer. Its message
 * names the call and the code for logs, and never holds a token.
 */
export class EcoleDirecteError extends Error {
  readonly failure: EcoleDirecteFailure;

  constructor(failure: EcoleDirecteFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EcoleDirecteError';
    this.failure = failure;
  }
}
