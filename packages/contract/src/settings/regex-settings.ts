import { z } from 'zod';
import { CONVERSIONS, isValidStructure, unsafeLoginCharacters } from '../rules/names.js';
import { UNKNOWN_SETTING } from './link-settings.js';

/**
 * The regex settings (spec 2 §2.5, the Regex tab): one per name field (firstname, lastname,
 * login), each with a one-character structure pattern, the special characters kept between
 * words, and a case conversion. The pure rules that apply them are in rules/names.ts. Messages
 * are translation keys.
 */

export const INVALID_STRUCTURE = 'settings.errors.invalid_structure';
export const UNSAFE_LOGIN_STRUCTURE = 'settings.errors.unsafe_login_structure';
export const DUPLICATE_FIELD = 'settings.errors.duplicate_field';
export const STRUCTURE_TOO_LONG = 'settings.errors.structure_too_long';
export const SPECIAL_TOO_LONG = 'settings.errors.special_too_long';

/** The longest structure pattern: a character class, with room to spare. */
export const REGEX_STRUCTURE_MAX_LENGTH = 200;
/** The most special characters a field keeps. */
export const REGEX_SPECIAL_MAX_LENGTH = 20;
/** A field's name, as the seeded settings spell them. */
const FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Whether a field's structure pattern may be stored (a message key, or null): a valid expression
 * (or empty), and for the login one that accepts only what a login may hold.
 */
export function structureProblem(fieldName: string, structure: string): string | null {
  if (structure.trim().length > REGEX_STRUCTURE_MAX_LENGTH) return STRUCTURE_TOO_LONG;
  if (!isValidStructure(structure)) return INVALID_STRUCTURE;
  if (fieldName === 'login' && unsafeLoginCharacters(structure).length > 0) return UNSAFE_LOGIN_STRUCTURE;
  return null;
}

export const regexSettingSchema = z
  .object({
    fieldName: z.string().regex(FIELD_NAME_PATTERN, UNKNOWN_SETTING),
    regexStructure: z.string().trim(),
    regexSpecial: z.string().max(REGEX_SPECIAL_MAX_LENGTH, SPECIAL_TOO_LONG),
    regexConversion: z.enum(CONVERSIONS),
  })
  .superRefine((setting, context) => {
    const problem = structureProblem(setting.fieldName, setting.regexStructure);
    if (problem) context.addIssue({ code: 'custom', path: ['regexStructure'], message: problem });
  });
export type RegexSetting = z.infer<typeof regexSettingSchema>;

/** The regex settings, a field at most once. */
export const regexSettingsSchema = z
  .array(regexSettingSchema)
  .max(20)
  .superRefine((list, context) => {
    const seen = new Set<string>();
    list.forEach((setting, index) => {
      if (seen.has(setting.fieldName)) context.addIssue({ code: 'custom', path: [index, 'fieldName'], message: DUPLICATE_FIELD });
      seen.add(setting.fieldName);
    });
  });
export type RegexSettings = z.infer<typeof regexSettingsSchema>;
