import { describe, expect, it } from 'vitest';
import { createLoginAllocator, generatePrintablePassword, normalizeLoginPart } from './credentials.js';
import { createRandom } from './random.js';

describe('generatePrintablePassword', () => {
  it.each([1, 2, 42, 2026, 987654321])('follows consonant, vowel, consonant, vowel, 1000–9999 (seed %i)', (seed) => {
    const random = createRandom(seed);
    for (let index = 0; index < 500; index++) {
      const password = generatePrintablePassword(random);
      expect(password).toMatch(/^[bcdfghjklmnprstvz][aeiou][bcdfghjklmnprstvz][aeiou][1-9]\d{3}$/);
    }
  });

  it('is reproducible for a seed', () => {
    const first = Array.from(
      { length: 5 },
      (
        (random) => () =>
          generatePrintablePassword(random)
      )(createRandom(7)),
    );
    const second = Array.from(
      { length: 5 },
      (
        (random) => () =>
          generatePrintablePassword(random)
      )(createRandom(7)),
    );
    expect(first).toEqual(second);
  });

  it('spreads over the whole number range', () => {
    const random = createRandom(3);
    const numbers = Array.from({ length: 5000 }, () => Number(generatePrintablePassword(random).slice(4)));
    expect(Math.min(...numbers)).toBeLessThan(1100);
    expect(Math.max(...numbers)).toBeGreaterThan(9900);
  });
});

describe('normalizeLoginPart', () => {
  it.each([
    ['Émilie', 'emilie'],
    ['Jean-Baptiste', 'jean-baptiste'],
    ["N'Diaye", 'ndiaye'],
    ['Le Gall', 'legall'],
    ['Cœur', 'coeur'],
    ['Lætitia', 'laetitia'],
    ['François', 'francois'],
    ['  Hélène  ', 'helene'],
    ['--Zoé--', 'zoe'],
    ['Ångström', 'angstrom'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeLoginPart(input)).toBe(expected);
  });
});

describe('createLoginAllocator', () => {
  it.each([
    [[['Émilie', 'Dubois']], ['emilie.dubois']],
    [
      [
        ['Léa', 'Martin'],
        ['Lea', 'MARTIN'],
        ['léa', 'martin'],
      ],
      ['lea.martin', 'lea.martin2', 'lea.martin3'],
    ],
    [
      [
        ['Jean', 'Dupont2'],
        ['Jean', 'Dupont'],
        ['Jean', 'Dupont'],
      ],
      ['jean.dupont2', 'jean.dupont', 'jean.dupont3'],
    ],
    [[['', '']], ['utilisateur']],
  ])('allocates %j as %j', (names, expected) => {
    const allocator = createLoginAllocator();
    expect(names.map(([first, last]) => allocator.allocate(first as string, last as string))).toEqual(expected);
  });

  it('skips reserved logins whatever their case', () => {
    const allocator = createLoginAllocator();
    allocator.reserve('Admin.Demo');
    expect(allocator.allocate('Admin', 'Demo')).toBe('admin.demo2');
  });

  it('stays unique over many collisions', () => {
    const allocator = createLoginAllocator();
    const logins = Array.from({ length: 10_000 }, (_, index) => allocator.allocate('Lucas', index % 2 ? 'Petit' : 'Moreau'));
    expect(new Set(logins).size).toBe(logins.length);
  });
});
