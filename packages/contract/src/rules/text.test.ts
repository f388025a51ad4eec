import { describe, expect, it } from 'vitest';
import { blankToNull, findUnsafeText, isNestedDeeperThan, isSafeText } from './text.js';

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

/** A value nesting objects and arrays `depth` levels deep around `leaf`: { a: [{ a: [… leaf …] }] }. */
function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = depth - 1; level >= 0; level--) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

describe('a deeply nested input', () => {
  it('is walked by findUnsafeText without overflowing the stack, and its find named', () => {
    const path = Array.from({ length: 100_000 }, (_unused, level) => (level % 2 === 0 ? 'a' : '0')).join('.');
    expect(findUnsafeText(nested(100_000, 'x\u0000'))).toEqual([path]);
    expect(findUnsafeText(nested(100_000, 'ok'))).toEqual([]);
  });

  it('keeps document order: a key before what it holds, an earlier key before a later one', () => {
    expect(findUnsafeText({ a: { x: '\u0000' }, 'b\u0000': '\u0000', c: ['\uD800'] })).toEqual([
      'a.x',
      'b\u0000',
      'b\u0000',
      'c.0',
    ]);
  });

  it('is measured against a depth, at any depth', () => {
    expect(isNestedDeeperThan(nested(32, 1), 32)).toBe(false);
    expect(isNestedDeeperThan(nested(33, 1), 32)).toBe(true);
    expect(isNestedDeeperThan(nested(1_000_000, 1), 32)).toBe(true);
    expect(isNestedDeeperThan({ wide: Array.from({ length: 10_000 }, () => ({ id: 1 })) }, 32)).toBe(false);
    expect(isNestedDeeperThan('text', 0)).toBe(false);
    expect(isNestedDeeperThan({}, 0)).toBe(true);
  });
});

describe('a typed text as stored', () => {
  it.each<[string | null | undefined, string | null]>([
    ['  Latin  ', 'Latin'],
    ['   ', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['\t6e A\n', '6e A'],
  ])('%j → %j', (typed, stored) => {
    expect(blankToNull(typed)).toBe(stored);
  });
});
