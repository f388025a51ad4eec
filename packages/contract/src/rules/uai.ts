import { z } from 'zod';

const UAI_KEYS = 'ABCDEFGHJKLMNPRSTUVWXYZ'; // 23 letters: no I, O, Q

/** The check letter of a UAI's 7 digits: the letter of (number mod 23). Throws on other input. */
export function computeUaiCheckLetter(digits: string): string {
  if (!/^\d{7}$/.test(digits)) throw new Error('UAI: expected 7 digits');
  return UAI_KEYS[Number(digits) % 23] as string;
}

/** True for 7 digits then the right check letter (case-insensitive, trimmed). */
export function isValidUai(input: string): boolean {
  const uai = input.trim().toUpperCase();
  return /^\d{7}[A-Z]$/.test(uai) && computeUaiCheckLetter(uai.slice(0, 7)) === uai[7];
}

/** True for the shape alone (7 digits and a letter), as the foreign-school form checks it. */
export function hasUaiShape(input: string): boolean {
  return /^\d{7}[A-Za-z]$/.test(input.trim());
}

/** The UAI of a picker label: its first 8 characters. */
export function readUaiFromLabel(label: string): string {
  return label.slice(0, 8);
}

/** A school's UAI as a request names it: trimmed, upper-cased, 7 digits and a letter. */
export const uaiFieldSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^\d{7}[A-Z]$/, 'school.errors.uai_format');

/** A `:uai` path parameter. */
export const uaiParamsSchema = z.object({ uai: uaiFieldSchema });
