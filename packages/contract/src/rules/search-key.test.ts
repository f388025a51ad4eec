import { describe, expect, it } from 'vitest';
import { toSearchKey } from './search-key.js';

describe('toSearchKey', () => {
  it.each([
    ['Hélène', 'helene'],
    ['ÉMILE', 'emile'],
    ['François-Xavier', 'francois-xavier'],
    ['Noël Œuvre', 'noel ouvre'],
    ['jean.dupont2', 'jean.dupont2'],
  ])('%j → %j', (value, expected) => {
    expect(toSearchKey(value)).toBe(expected);
  });
});
