import { REQUIRED, users } from '@console/contract';
import { ApiError } from '#lib/api';
import { userMessageOf } from '#lib/error-messages';

/** Why an edit was refused, by the error code the server answered (translation keys). */
const REASON_OF_CODE: Readonly<Record<string, string>> = {
  forbidden: 'users.actions.reasons.no_right',
  not_found: 'users.grid.edit_errors.not_found',
  validation_failed: 'users.grid.edit_errors.invalid',
  conflict: 'users.grid.edit_errors.conflict',
  database_unavailable: 'global.errors.unavailable',
  service_unavailable: 'global.errors.unavailable',
  network_error: 'global.errors.unavailable',
};

/**
 * The message of a refused grid edit (spec 3 §5, §8), as a translation key: a duplicate option
 * and a required field keep their own messages whichever field they come from; then the message
 * the server gave for the field (a key `isKnown` says the browser can translate); then the
 * reason it gave; then what its error code means for an edit (no right, the user gone, a refused
 * value, the server down or unreachable); anything else is the generic error. Never the error's
 * English message.
 */
export function messageOfFailedEdit(error: unknown, isKnown: (key: string) => boolean): string {
  if (!(error instanceof ApiError)) return 'global.errors.occurred';
  const fieldMessages = Object.values(error.fieldErrors).flat();
  if (fieldMessages.includes(users.DUPLICATE_OPTION)) return users.DUPLICATE_OPTION;
  if (fieldMessages.includes(REQUIRED)) return REQUIRED;
  const known = fieldMessages.find(isKnown);
  if (known) return known;
  if (error.reason) return userMessageOf(error).key;
  return REASON_OF_CODE[error.code] ?? 'global.errors.occurred';
}

/** The server's message for a refused field (a translation key), else what the failure means, for a form to show. */
export function messageOfRefusal(error: unknown, field: string): string {
  if (!(error instanceof ApiError)) return 'global.errors.occurred';
  const [first] = Object.entries(error.fieldErrors).find(([path]) => path === field || path.endsWith(`.${field}`))?.[1] ?? [];
  return first ?? userMessageOf(error).key;
}
