import { describe, expect, it } from 'vitest';
import { formatCount, formatShare } from './number-format';

describe('French number formatting', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_234, '1\u202f234'],
    [1_000_000, '1\u202f000\u202f000'],
  ])('writes %s as %j', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });

  it.each([
    [1, 8, '12,5\u00a0%'],
    [1, 3, '33,3\u00a0%'],
    [5, 5, '100\u00a0%'],
    [3, 0, '0\u00a0%'],
  ])('writes %s of %s as %j', (part, whole, text) => {
    expect(formatShare(part, whole)).toBe(text);
  });
});
