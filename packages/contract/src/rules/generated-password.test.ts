import { describe, expect, it } from 'vitest';
import {
  EXCLAMATION_PLATFORM,
  generatePrintablePassword,
  isGeneratedPasswordShape,
  strengthenForStaff,
  type IntegerSource,
} from './generated-password.js';
import { meetsPasswordRules } from './password.js';
import { FORMULA_START } from './text.js';

/** A seeded source (mulberry32), so that every run checks the same passwords. */
function seededSource(seed: number): IntegerSource {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return { integer: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

const lowest: IntegerSource = { integer: (min) => min };
const highest: IntegerSource = { integer: (_min, max) => max };
const SHAPE = /^[bcdfghjklmnprstvz][aeiou][bcdfghjklmnprstvz][aeiou][1-9]\d{3}$/;

describe('generatePrintablePassword', () => {
  it.each([1, 2, 42, 2026, 987654321])('follows consonant, vowel, consonant, vowel, 1000–9999 (seed %i)', (seed) => {
    const random = seededSource(seed);
    for (let index = 0; index < 500; index++) expect(generatePrintablePassword(random)).toMatch(SHAPE);
  });

  it.each([
    ['the lowest draws', lowest, 'baba1000'],
    ['the highest draws', highest, 'zuzu9999'],
  ])('reaches both ends of each alphabet and of the number range: %s', (_case, random, expected) => {
    expect(generatePrintablePassword(random)).toBe(expected);
  });

  it('never starts with a character a spreadsheet reads as a formula (=, +, -, @), for pupils nor staff (issue 31 §4)', () => {
    const random = seededSource(31);
    for (let index = 0; index < 2000; index++) {
      const password = generatePrintablePassword(random, index % 2 === 0 ? EXCLAMATION_PLATFORM : null);
      expect(password).not.toMatch(FORMULA_START);
      expect(strengthenForStaff(password)).not.toMatch(FORMULA_START);
    }
  });

  it('is reproducible for a seed', () => {
    const draw = (random: IntegerSource) => Array.from({ length: 5 }, () => generatePrintablePassword(random));
    expect(draw(seededSource(7))).toEqual(draw(seededSource(7)));
  });

  it('spreads over the whole number range', () => {
    const random = seededSource(3);
    const numbers = Array.from({ length: 5000 }, () => Number(generatePrintablePassword(random).slice(4)));
    expect(Math.min(...numbers)).toBeLessThan(1100);
    expect(Math.max(...numbers)).toBeGreaterThan(9900);
  });

  it.each([
    [EXCLAMATION_PLATFORM, 'baba1000!'],
    ['KNE', 'baba1000'],
    ['edulib', 'baba1000'],
    [null, 'baba1000'],
    [undefined, 'baba1000'],
  ])("adds '!' only for the EDULIB platform (%s)", (platformId, expected) => {
    expect(generatePrintablePassword(lowest, platformId)).toBe(expected);
  });
});

describe('isGeneratedPasswordShape', () => {
  it.each<[string, string | null, boolean]>([
    ['ravo4821', null, true],
    ['ravo4821!', 'EDULIB', true],
    ['ravo4821!', null, false],
    ['ravo4821', 'EDULIB', false],
    ['ravo0821', null, false],
    ['Ravo4821', null, false],
    ['rava482', null, false],
    ['aavo4821', null, false],
    ['rxvo4821', null, false],
  ])('%j for %s → %s', (password, platformId, expected) => {
    expect(isGeneratedPasswordShape(password, platformId)).toBe(expected);
  });

  it('accepts every generated password', () => {
    const random = seededSource(11);
    for (let index = 0; index < 200; index++) {
      expect(isGeneratedPasswordShape(generatePrintablePassword(random))).toBe(true);
      expect(isGeneratedPasswordShape(generatePrintablePassword(random, 'EDULIB'), 'EDULIB')).toBe(true);
    }
  });
});

describe('strengthenForStaff', () => {
  it('upper-cases the first letter only', () => {
    expect(strengthenForStaff('ravo4821')).toBe('Ravo4821');
    expect(strengthenForStaff('ravo4821!')).toBe('Ravo4821!');
  });

  it.each([1, 5, 99])('makes every generated password meet the password rules (seed %i)', (seed) => {
    const random = seededSource(seed);
    for (let index = 0; index < 200; index++) {
      const password = generatePrintablePassword(random, index % 2 ? 'EDULIB' : null);
      expect(meetsPasswordRules(password)).toBe(false);
      expect(meetsPasswordRules(strengthenForStaff(password))).toBe(true);
    }
  });
});
