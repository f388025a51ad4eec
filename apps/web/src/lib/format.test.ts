import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, localeOf } from './format';

describe('display formats in the interface language', () => {
  it('takes British English for English, French otherwise', () => {
    expect([localeOf('en'), localeOf('en-US'), localeOf('fr'), localeOf('de')]).toEqual(['en-GB', 'en-GB', 'fr-FR', 'fr-FR']);
  });

  it('writes a date and time short, and an unreadable value as it is', () => {
    const moment = new Date(2026, 10, 26, 10, 5).toISOString();
    expect(formatDateTime(moment, 'fr')).toBe('26/11/2026 10:05');
    expect(formatDateTime(moment, 'en')).toBe('26/11/2026, 10:05');
    expect(formatDateTime('hier', 'fr')).toBe('hier');
  });

  it('groups the digits of a count as each language does', () => {
    expect(formatCount(1234567, 'fr')).toMatch(/^1\s234\s567$/);
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
  });
});
