import { z } from 'zod';
import { REQUIRED } from '../messages.js';

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

/** A UAI's length: 7 digits and a letter (a form's field allows no more). */
export const UAI_LENGTH = 8;

/** 7 digits and a letter, upper-case: a UAI's shape once trimmed and upper-cased. */
const UAI_SHAPE = /^\d{7}[A-Z]$/;

/** The one message of a UAI that is not 7 digits and a letter, on every form and route. */
export const UAI_FORMAT_MESSAGE = 'school.errors.uai_format';

/** True for the shape alone (7 digits and a letter, trimmed, any case), as uaiFieldSchema checks it. */
export function hasUaiShape(input: string): boolean {
  return UAI_SHAPE.test(input.trim().toUpperCase());
}

/** The UAI of a picker label: its first 8 characters. */
export function readUaiFromLabel(label: string): string {
  return label.slice(0, UAI_LENGTH);
}

/**
 * A school's UAI as a request names it: trimmed, upper-cased, 7 digits and a letter (the check
 * letter is the new-school form's own rule: isValidUai). The one schema of a UAI field.
 */
export const uaiFieldSchema = z.string(REQUIRED).trim().toUpperCase().regex(UAI_SHAPE, UAI_FORMAT_MESSAGE);

/** A `:uai` path parameter. */
export const uaiParamsSchema = z.object({ uai: uaiFieldSchema });
