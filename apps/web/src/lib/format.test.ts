import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatFileSize, formatGigabytes, localeOf } from './format';

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

  it('writes a date and time long, as the tracker says when a step changed', () => {
    expect(formatDateTime('2025-11-20T09:30:00.000Z', 'fr', 'long')).toMatch(/^20 novembre 2025 à \d\d:30$/);
    expect(formatDateTime('2025-11-20T09:30:00.000Z', 'en', 'long')).toMatch(/^20 November 2025 at \d\d:30$/);
  });

  it('writes a day short or medium, and an unreadable value as it is', () => {
    const day = new Date(2026, 10, 26, 10, 5).toISOString();
    expect(formatDate(day, 'fr')).toBe('26/11/2026');
    expect(formatDate(day, 'fr', 'medium')).toBe('26 nov. 2026');
    expect(formatDate(day, 'en', 'medium')).toBe('26 Nov 2026');
    expect(formatDate('demain', 'fr')).toBe('demain');
  });

  it('groups the digits of a count as each language does', () => {
    expect(formatCount(1234567, 'fr')).toMatch(/^1\s234\s567$/);
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
  });

  it('writes free space given in MB as GB with two decimals', () => {
    expect(formatGigabytes(12345, 'fr')).toBe('12,35');
    expect(formatGigabytes(12345, 'en')).toBe('12.35');
  });

  it('writes a file size in units of 1000, one decimal at most, in each language', () => {
    expect(formatFileSize(1_200_000, 'fr')).toBe('1,2\u00a0Mo');
    expect(formatFileSize(1_200_000, 'en')).toBe('1.2\u00a0MB');
    expect(formatFileSize(850, 'fr')).toBe('850\u00a0o');
    expect(formatFileSize(0, 'en')).toBe('0\u00a0B');
    expect(formatFileSize(12_345, 'fr')).toBe('12,3\u00a0ko');
    expect(formatFileSize(12_345, 'en')).toBe('12.3\u00a0kB');
    expect(formatFileSize(3_000_000_000, 'en')).toBe('3\u00a0GB');
    expect(formatFileSize(5_400_000_000_000_000, 'fr')).toMatch(/^5\s400\u00a0To$/);
  });

  it('moves to the next unit when the figure would round to 1000', () => {
    expect(formatFileSize(999_960, 'fr')).toBe('1\u00a0Mo');
    expect(formatFileSize(999_940, 'fr')).toBe('999,9\u00a0ko');
  });
});
