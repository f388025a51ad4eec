import { ERROR_REASONS } from '@console/contract';
import { describe, expect, it } from 'vitest';
import fr from '../../public/locales/fr.json';
import { ApiError } from './api';
import { USER_MESSAGE_KEYS, userMessageOf } from './error-messages';

function hasKey(tree: object, key: string): boolean {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  return typeof value === 'string';
}

describe('userMessageOf', () => {
  it("tells the server's reason with its parameters, not its English message", () => {
    const error = new ApiError(409, 'conflict', 'The school still has users', {}, undefined, 'school_not_empty', { users: 12 });
    expect(userMessageOf(error)).toEqual({ key: 'school.errors.not_empty', params: { users: 12 } });
  });

  it('tells what the code means when there is no reason, and the generic failure otherwise', () => {
    expect(userMessageOf(new ApiError(404, 'not_found', 'No such user')).key).toBe('global.errors.not_found');
    expect(userMessageOf(new ApiError(503, 'database_unavailable', 'down')).key).toBe('global.errors.unavailable');
    expect(userMessageOf(new ApiError(0, 'network_error', 'unreachable')).key).toBe('global.errors.unavailable');
    expect(userMessageOf(new ApiError(500, 'internal_error', 'users.errors.self_delete')).key).toBe('global.errors.occurred');
    expect(userMessageOf(new Error('boom')).key).toBe('global.errors.occurred');
  });

  it('has a text in the translations for every reason of the contract and every code it names', () => {
    for (const reason of ERROR_REASONS) {
      const { key } = userMessageOf(new ApiError(400, 'bad_request', 'x', {}, undefined, reason));
      expect(hasKey(fr, key), `${reason} → ${key}`).toBe(true);
    }
    expect(USER_MESSAGE_KEYS.filter((key) => !hasKey(fr, key))).toEqual([]);
  });
});
