import { describe, expect, it } from 'vitest';
import { schoolScopeOf } from './school-scope.js';

describe('schoolScopeOf', () => {
  it.each([
    ['Administrateur', { kind: 'all' }],
    ['Gestionnaire', { kind: 'assigned', managerId: 7 }],
    ['Administrateur établissement', { kind: 'own', uai: '0691234A' }],
    ['Enseignant', { kind: 'none' }],
    ['Eleve', { kind: 'none' }],
  ] as const)('%s → %j', (profile, expected) => {
    expect(schoolScopeOf({ id: 7, profile, uai: '0691234A' })).toEqual(expected);
  });
});
