import { ApiError } from '#lib/api';

/** The translation key shown under the login field for a failed sign-in (spec 1 §8). */
export function signInErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'global.errors.occurred';
  if (error.code === 'account_locked') return 'global.errors.account_locked';
  if (error.code === 'too_many_attempts') return 'global.errors.too_many_attempts';
  // An outage on the server's side, or the server itself out of reach: retrying soon may work.
  if (error.code === 'database_unavailable' || error.code === 'network_error') return 'global.errors.unavailable';
  if (error.status === 401) return 'global.errors.invalid_logins';
  return 'global.errors.occurred';
}
