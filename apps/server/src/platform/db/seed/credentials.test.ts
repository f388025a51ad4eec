import { describe, expect, it } from 'vitest';
import { createLoginAllocator, normalizeLoginPart } from './credentials.js';

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
