import { describe, expect, it } from 'vitest';
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
});
