import { describe, expect, it } from 'vitest';
import { escapeLike } from './search.repository.js';
import { splitSearchWords } from './search.service.js';

describe('user search words', () => {
  it.each([
    ['dupont', ['dupont']],
    ['  jean   dupont ', ['jean', 'dupont']],
    ['   ', []],
    ['a b c d e f', ['a', 'b', 'c', 'd']],
  ])('%j → %j', (query, expected) => {
    expect(splitSearchWords(query)).toEqual(expected);
  });

  it.each([
    ['100%', '100\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
    ['plain', 'plain'],
  ])('escapes LIKE wildcards in %j', (value, expected) => {
    expect(escapeLike(value)).toBe(expected);
  });
});
