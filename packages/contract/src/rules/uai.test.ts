import { describe, expect, it } from 'vitest';
import { computeUaiCheckLetter, hasUaiShape, isValidUai, readUaiFromLabel } from './uai.js';

describe('UAI check letter', () => {
  it.each([
    '0770934X',
    '0770033T',
    '0141396S',
    '0301674G',
    '0755057P',
    '0400193T',
    '0400219W',
    '0400229G',
    '0400236P',
    '0400241V',
  ])('accepts the real UAI %s', (uai) => {
    expect(isValidUai(uai)).toBe(true);
    expect(computeUaiCheckLetter(uai.slice(0, 7))).toBe(uai[7]);
  });

  it.each([
    ['0351234A', false],
    ['0351234B', true],
    ['0351234b', true],
    [' 0351234B ', true],
    ['035123B', false],
    ['03512345B', false],
    ['A351234B', false],
    ['', false],
  ])('isValidUai(%j) is %s', (uai, expected) => {
    expect(isValidUai(uai)).toBe(expected);
  });

  it('never uses I, O or Q', () => {
    const letters = new Set(Array.from({ length: 23 }, (_, n) => computeUaiCheckLetter(String(n).padStart(7, '0'))));
    expect(letters.size).toBe(23);
    for (const forbidden of ['I', 'O', 'Q']) expect(letters.has(forbidden)).toBe(false);
  });

  it('throws on anything but 7 digits', () => {
    expect(() => computeUaiCheckLetter('123')).toThrow('7 digits');
  });

  it('checks the shape alone for foreign schools', () => {
    expect(hasUaiShape('1234567Z')).toBe(true);
    expect(hasUaiShape('123456Z')).toBe(false);
  });

  it('reads the UAI as the first 8 characters of a label', () => {
    expect(readUaiFromLabel('0770934X - Lycée Jean Moulin')).toBe('0770934X');
  });
});
