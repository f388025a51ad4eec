import { describe, expect, it } from 'vitest';
import { schoolYearOf } from './school-year.js';

describe('schoolYearOf', () => {
  it.each([
    ['2026-11-29T10:00:00Z', '2026-2027', '2027-2028'],
    ['2027-01-15T08:00:00Z', '2026-2027', '2027-2028'],
    ['2026-08-31T23:59:59Z', '2025-2026', '2026-2027'],
    ['2026-09-01T00:00:00Z', '2026-2027', '2027-2028'],
    ['2026-12-31T23:59:59Z', '2026-2027', '2027-2028'],
  ])('on %s the current year is %s and the next %s', (date, current, next) => {
    expect(schoolYearOf(new Date(date), false)).toBe(current);
    expect(schoolYearOf(new Date(date), true)).toBe(next);
  });
});
