import { isAccountHolderProfile, type ProfileName } from '@console/contract';

/** Eleve and Enseignant may not change their password from the console (spec 1 §5). */
export function canChangeOwnPassword(profile: ProfileName): boolean {
  return !isAccountHolderProfile(profile);
}

/** Only an Administrateur unlocks an account locked by failed sign-ins. */
export function canUnlockAccounts(profile: ProfileName): boolean {
  return profile === 'Administrateur';
}

/** Whose printable password is encrypted (shown again on credential sheets) rather than hashed. */
export function hasPrintablePassword(profile: ProfileName): boolean {
  return isAccountHolderProfile(profile);
}

/**
 * The delay added to a failed sign-in answer: grows with the account's consecutive failures,
 * capped at 8 steps, so that guessing is slowed without making one typo painful.
 */
export function computeFailureDelay(stepMs: number, consecutiveFailures: number): number {
  return stepMs * Math.min(Math.max(consecutiveFailures, 1), 8);
}
