import { describe, expect, it } from 'vitest';
import { splitProfiles, spreadByWeight } from './distribution.js';

describe('splitProfiles', () => {
  it.each([0, 1, 7, 100, 20_000, 1_000_000, 1_234_567])('sums to %i', (total) => {
    const counts = splitProfiles(total);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(total);
    for (const value of Object.values(counts)) expect(value).toBeGreaterThanOrEqual(0);
  });

  it('gives pupils about 90%, teachers about 8%, staff the rest', () => {
    const counts = splitProfiles(1_000_000);
    expect(counts.pupils).toBe(900_000);
    expect(counts.teachers).toBe(80_000);
    expect(counts.schoolAdministrators + counts.managers + counts.administrators).toBe(20_000);
    expect(counts.administrators).toBeGreaterThanOrEqual(1);
    expect(counts.managers).toBeGreaterThan(counts.administrators);
    expect(counts.schoolAdministrators).toBeGreaterThan(counts.managers);
  });
});

describe('spreadByWeight', () => {
  it.each<[number, number[], number[]]>([
    [10, [1, 1], [5, 5]],
    [10, [1, 2, 2], [2, 4, 4]],
    [1, [1, 1, 1], [1, 0, 0]],
    [7, [0.5, 1.5], [2, 5]],
    [0, [3, 4], [0, 0]],
    [5, [], []],
  ])('spreads %i over %j as %j', (total, weights, expected) => {
    expect(spreadByWeight(total, weights)).toEqual(expected);
  });

  it('keeps the exact total over many uneven weights', () => {
    const weights = Array.from({ length: 2000 }, (_, index) => 0.5 + ((index * 7919) % 1000) / 1000);
    const parts = spreadByWeight(900_000, weights);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(900_000);
    expect(Math.max(...parts) - Math.min(...parts)).toBeLessThan((900_000 / 2000) * 3);
  });
});
