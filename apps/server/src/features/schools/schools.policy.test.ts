import { DEFAULT_RIGHTS } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { canDeleteSchool, canReadStatistics } from './schools.policy.js';

describe('schools policy', () => {
  it.each([
    ['Administrateur', 0, true],
    ['Administrateur', 1, false],
    ['Gestionnaire', 0, false],
    ['Administrateur établissement', 0, false],
  ] as const)('%s deletes a school of %i users: %s', (profile, users, expected) => {
    expect(canDeleteSchool(DEFAULT_RIGHTS[profile], users)).toBe(expected);
  });

  it.each([
    ['Administrateur', false, true],
    ['Administrateur', true, true],
    ['Gestionnaire', false, false],
    ['Gestionnaire', true, true],
    ['Administrateur établissement', true, true],
    ['Eleve', true, false],
  ] as const)('%s reads statistics (one school: %s): %s', (profile, oneSchool, expected) => {
    expect(canReadStatistics(DEFAULT_RIGHTS[profile], oneSchool)).toBe(expected);
  });
});
