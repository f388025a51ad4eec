import { isValidUai } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../apps/server/src/platform/db/seed/random.js';
import { generateBenchSchools } from './schools.js';
import { TOWNS } from './towns.js';

describe('generateBenchSchools', () => {
  const schools = generateBenchSchools(2000, createRandom(1));

  it('gives 2,000 schools unique, valid UAIs', () => {
    expect(schools).toHaveLength(2000);
    const uais = schools.map((school) => school.uai);
    expect(new Set(uais).size).toBe(2000);
    for (const uai of uais) expect(isValidUai(uai), uai).toBe(true);
  });

  it('prefixes each UAI with its town’s department', () => {
    for (const school of schools) expect(school.uai.slice(0, 3)).toBe(school.town.department);
    expect(new Set(schools.map((school) => school.town.name)).size).toBe(TOWNS.length);
  });

  it('keeps UAIs and extensions unique and avoids existing UAIs', () => {
    const existing = new Set(schools.slice(0, 500).map((school) => school.uai));
    const more = generateBenchSchools(1000, createRandom(1), existing);
    for (const school of more) expect(existing.has(school.uai)).toBe(false);
    expect(new Set(schools.map((school) => school.extension)).size).toBe(2000);
  });

  it('is reproducible for a seed', () => {
    expect(generateBenchSchools(50, createRandom(9))).toEqual(generateBenchSchools(50, createRandom(9)));
  });

  it('mixes types, sectors and sizes', () => {
    expect(new Set(schools.map((school) => school.type)).size).toBe(4);
    const publicShare = schools.filter((school) => school.sector === 'Public').length / schools.length;
    expect(publicShare).toBeGreaterThan(0.65);
    expect(publicShare).toBeLessThan(0.85);
    for (const school of schools) {
      expect(school.weight).toBeGreaterThan(0);
      expect(school.options.length).toBeGreaterThanOrEqual(3);
      expect(school.levels.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('refuses more schools than the departments hold', () => {
    expect(() => generateBenchSchools(1_000_000, createRandom(1))).toThrow(/at most/);
  });
});
