import { PROFILE_NAMES, type ProfileName } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { canChangeOwnPassword, canUnlockAccounts, computeFailureDelay, hasPrintablePassword } from './auth.policy.js';

const table: [ProfileName, { changePassword: boolean; unlock: boolean; printable: boolean }][] = [
  ['Administrateur', { changePassword: true, unlock: true, printable: false }],
  ['Gestionnaire', { changePassword: true, unlock: false, printable: false }],
  ['Administrateur établissement', { changePassword: true, unlock: false, printable: false }],
  ['Enseignant', { changePassword: false, unlock: false, printable: true }],
  ['Eleve', { changePassword: false, unlock: false, printable: true }],
];

describe('auth policy', () => {
  it('covers every profile', () => {
    expect(table.map(([profile]) => profile).sort()).toEqual([...PROFILE_NAMES].sort());
  });

  it.each(table)('%s', (profile, expected) => {
    expect(canChangeOwnPassword(profile)).toBe(expected.changePassword);
    expect(canUnlockAccounts(profile)).toBe(expected.unlock);
    expect(hasPrintablePassword(profile)).toBe(expected.printable);
  });

  it.each([
    [250, 0, 250],
    [250, 1, 250],
    [250, 3, 750],
    [250, 8, 2000],
    [250, 50, 2000],
    [0, 5, 0],
  ])('delay with step %i after %i failures is %i ms', (step, failures, expected) => {
    expect(computeFailureDelay(step, failures)).toBe(expected);
  });
});
