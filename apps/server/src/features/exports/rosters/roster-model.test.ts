import { describe, expect, it } from 'vitest';
import { schoolYearOf } from './oneroster-archive.js';
import { classKeyOf } from './roster-model.js';

describe('classKeyOf', () => {
  it('keeps capitals, digits and single hyphens, then a hash of the exact name', () => {
    expect(classKeyOf('6e A')).toMatch(/^6E-A-[0-9A-F]{6}$/);
    expect(classKeyOf('Terminale Spé Maths')).toMatch(/^TERMINALE-SPE-MATHS-[0-9A-F]{6}$/);
    expect(classKeyOf('***')).toMatch(/^CLASSE-[0-9A-F]{6}$/);
  });

  it('keeps apart two names written alike, and gives a name the same key every time', () => {
    expect(classKeyOf('6e A')).not.toBe(classKeyOf('6E-A'));
    expect(classKeyOf('6e A')).toBe(classKeyOf('6e A'));
  });
});

describe('schoolYearOf', () => {
  it.each([
    ['2026-11-26T10:00:00Z', { start: 2026, end: 2027 }],
    ['2027-08-31T23:00:00Z', { start: 2026, end: 2027 }],
    ['2027-09-01T00:00:00Z', { start: 2027, end: 2028 }],
  ])('%s falls in %j', (date, expected) => {
    expect(schoolYearOf(new Date(date))).toEqual(expected);
  });
});
