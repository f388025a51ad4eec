import { users } from '@console/contract';
import { ApiError } from '../../../lib/api';

/**
 * The message of a refused grid edit (spec 3 §5, §8): a duplicate option and a required field keep
 * their own messages wherever they come from; anything else is the generic error.
 */
export function messageOfFailedEdit(error: unknown): string {
  if (error instanceof ApiError) {
    const messages = [error.message, ...Object.values(error.fieldErrors).flat()];
    if (messages.includes(users.DUPLICATE_OPTION)) return users.DUPLICATE_OPTION;
    if (messages.includes(users.REQUIRED)) return users.REQUIRED;
  }
  return 'global.errors.occurred';
}

/** The server's reason for refusing a field (a translation key when it gives one), for a form to show. */
export function messageOfRefusal(error: unknown, field: string): string {
  if (!(error instanceof ApiError)) return 'global.errors.occurred';
  const [first] = Object.entries(error.fieldErrors).find(([path]) => path === field || path.endsWith(`.${field}`))?.[1] ?? [];
  return first ?? error.message;
}
