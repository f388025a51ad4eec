/** A source of random integers: the seeds' deterministic generator, or a cryptographic one. */
export type IntegerSource = { integer: (min: number, max: number) => number };

/** Letters that read unambiguously on a printed sheet (no q, w, x, y). */
const CONSONANTS = 'bcdfghjklmnprstvz';
const VOWELS = 'aeiou';

/** The platform whose generated passwords end with '!' (spec 3 §9). */
export const EXCLAMATION_PLATFORM = 'EDULIB';

/** How many passwords `GET /users/passwords/{n}` answers at most. */
export const MAX_GENERATED_PASSWORDS = 500;

/**
 * A printable password by the spec's rule (spec 3 §9): consonant, vowel, consonant, vowel, then
 * a number from 1000 to 9999, e.g. `ravo4821`, plus '!' for the EDULIB platform.
 */
export function generatePrintablePassword(random: IntegerSource, platformId?: string | null): string {
  const letters = [CONSONANTS, VOWELS, CONSONANTS, VOWELS].map((alphabet) => alphabet[random.integer(0, alphabet.length - 1)]);
  const suffix = platformId === EXCLAMATION_PLATFORM ? '!' : '';
  return letters.join('') + String(random.integer(1000, 9999)) + suffix;
}

/** True for a password of the generated shape (with the '!' only for EDULIB). */
export function isGeneratedPasswordShape(password: string, platformId?: string | null): boolean {
  const pattern =
    platformId === EXCLAMATION_PLATFORM
      ? /^[bcdfghjklmnprstvz][aeiou][bcdfghjklmnprstvz][aeiou][1-9]\d{3}!$/
      : /^[bcdfghjklmnprstvz][aeiou][bcdfghjklmnprstvz][aeiou][1-9]\d{3}$/;
  return pattern.test(password);
}

/**
 * A generated password made fit for a staff account, whose password must meet the password
 * rules (an uppercase letter): its first letter upper-cased, e.g. `Ravo4821`.
 */
export function strengthenForStaff(password: string): string {
  return password.charAt(0).toUpperCase() + password.slice(1);
}
