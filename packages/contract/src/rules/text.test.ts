import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText } from './text.js';

describe('isSafeText: no NUL, no lone surrogate', () => {
  it.each([
    ['plain text', 'Léa Martin', true],
    ['empty', '', true],
    ['an emoji (a surrogate pair)', 'bravo 👏', true],
    ['a NUL byte', 'a\u0000b', false],
    ['a lone high surrogate', 'a\uD83Db', false],
    ['a lone high surrogate at the end', 'ab\uD83D', false],
    ['a lone low surrogate', 'a\uDC4Fb', false],
    ['a reversed pair', '\uDC4F\uD83D', false],
  ])('%s → %s', (_case, text, expected) => {
    expect(isSafeText(text)).toBe(expected);
  });
});

describe('findUnsafeText', () => {
  it('names the path of every unsafe string and key, and nothing for a clean input', () => {
    expect(
      findUnsafeText({ login: 'a', list: ['b', 'c\u0000'], nested: { 'k\uD800': 'ok', deep: [{ comment: '\uDC00' }] } }),
    ).toEqual(['list.1', 'nested.k\uD800', 'nested.deep.0.comment']);
    expect(findUnsafeText('x\u0000')).toEqual(['']);
    expect(findUnsafeText({ id: 3, flag: true, none: null, list: ['ok'] })).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(
      findUnsafeText(
        Array.from({ length: 50 }, () => '\u0000'),
        3,
      ),
    ).toHaveLength(3);
  });
});
