import { describe, expect, it } from 'vitest';
import { loginBodySchema } from '../auth/routes.js';
import { PASSWORD_MAX_LENGTH } from '../auth/limits.js';
import { USER_TEXT_LIMITS } from '../users/limits.js';
import { newUserValuesSchema } from '../users/add-user.js';
import { TOO_LONG } from '../users/fields.js';
import { meetsPasswordRules, passwordChangeSchema } from './password.js';

describe('new password rules', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdef1', false],
    ['abcdefg1', false],
    ['Abcdefgh', false],
    ['Abcd efg1', false],
    ['ABCDEFG1', true],
    ['Abcdefg1\t', false],
  ])('%j → %s', (password, expected) => {
    expect(meetsPasswordRules(password)).toBe(expected);
  });

  function messagesOf(input: unknown): Record<string, string[]> {
    const result = passwordChangeSchema.safeParse(input);
    if (result.success) return {};
    const out: Record<string, string[]> = {};
    for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
    return out;
  }

  it('names each broken rule with its message key', () => {
    expect(messagesOf({ currentPassword: '', newPassword: 'Abcdefg1', confirmation: 'Abcdefg1' })).toEqual({
      currentPassword: ['global.errors.required'],
    });
    expect(messagesOf({ currentPassword: 'x', newPassword: 'short', confirmation: 'short' })).toEqual({
      newPassword: ['password_rules'],
    });
    expect(messagesOf({ currentPassword: 'x', newPassword: 'Abcdefg1', confirmation: 'Abcdefg2' })).toEqual({
      confirmation: ['not_matching'],
    });
    expect(messagesOf({ currentPassword: 'x', newPassword: 'Abcdefg1', confirmation: 'Abcdefg1' })).toEqual({});
  });

  it('refuses a new password the sign-in would refuse', () => {
    const longest = `A1${'b'.repeat(PASSWORD_MAX_LENGTH - 2)}`;
    expect(messagesOf({ currentPassword: 'x', newPassword: longest, confirmation: longest })).toEqual({});
    expect(loginBodySchema.safeParse({ login: 'someone', password: longest }).success).toBe(true);
    const tooLong = `${longest}c`;
    expect(messagesOf({ currentPassword: 'x', newPassword: tooLong, confirmation: tooLong })).toEqual({
      newPassword: [TOO_LONG],
    });
  });
});

describe('one bound on a login', () => {
  const loginIssues = (login: string) =>
    (newUserValuesSchema.safeParse({ login }).error?.issues ?? []).filter((issue) => issue.path[0] === 'login');

  it('a login as long as a new user may have signs in, one longer is refused at both', () => {
    const longest = 'l'.repeat(USER_TEXT_LIMITS.login);
    expect(loginIssues(longest)).toEqual([]);
    expect(loginBodySchema.safeParse({ login: longest, password: 'x' }).success).toBe(true);
    const tooLong = `${longest}l`;
    expect(loginIssues(tooLong).map((issue) => issue.message)).toEqual([TOO_LONG]);
    expect(loginBodySchema.safeParse({ login: tooLong, password: 'x' }).success).toBe(false);
  });
});
