import { describe, expect, it } from 'vitest';
import { formatCount } from '#lib/format';
import { formatShare } from './number-format';

describe('number formatting in the interface language', () => {
  it.each([
    [0, 'fr', '0'],
    [999, 'fr', '999'],
    [1_234, 'fr', '1\u202f234'],
    [1_000_000, 'fr', '1\u202f000\u202f000'],
    [1_234, 'en', '1,234'],
    [1_000_000, 'en', '1,000,000'],
  ])('writes %s in %s as %j', (count, language, text) => {
    expect(formatCount(count, language)).toBe(text);
  });

  it.each([
    [1, 8, 'fr', '12,5\u00a0%'],
    [1, 3, 'fr', '33,3\u00a0%'],
    [5, 5, 'fr', '100\u00a0%'],
    [3, 0, 'fr', '0\u00a0%'],
    [862, 1_000, 'en', '86.2%'],
    [1, 3, 'en', '33.3%'],
    [3, 0, 'en', '0%'],
  ])('writes %s of %s in %s as %j', (part, whole, language, text) => {
    expect(formatShare(part, whole, language)).toBe(text);
  });
});
