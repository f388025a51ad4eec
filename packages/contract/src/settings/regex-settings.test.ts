import { describe, expect, it } from 'vitest';
import { UNKNOWN_SETTING } from './link-settings.js';
import {
  DUPLICATE_FIELD,
  INVALID_STRUCTURE,
  regexSettingsSchema,
  SPECIAL_TOO_LONG,
  STRUCTURE_TOO_LONG,
  UNSAFE_LOGIN_STRUCTURE,
} from './regex-settings.js';

const LOGIN = { fieldName: 'login', regexStructure: '[a-z0-9.-]', regexSpecial: '.-', regexConversion: 'MIN' };
const LASTNAME = { fieldName: 'lastname', regexStructure: "[A-Za-zÀ-ÿ' -]", regexSpecial: "-' ", regexConversion: 'MAJ' };

/** Each refused setting's field path and message key. */
function problemsOf(list: unknown): [string, string][] {
  const parsed = regexSettingsSchema.safeParse(list);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('regex settings', () => {
  it('accepts the seeded settings, with the structure trimmed', () => {
    expect(regexSettingsSchema.parse([{ ...LOGIN, regexStructure: ' [a-z0-9.-] ' }, LASTNAME])).toEqual([LOGIN, LASTNAME]);
  });

  it('accepts an empty structure (the login then uses the default pattern)', () => {
    expect(problemsOf([{ ...LOGIN, regexStructure: '' }])).toEqual([]);
  });

  it.each<[string, object, [string, string]]>([
    ['a structure that is not an expression', { ...LASTNAME, regexStructure: '[A-Z' }, ['0.regexStructure', INVALID_STRUCTURE]],
    [
      'a login structure letting a space or a separator in',
      { ...LOGIN, regexStructure: '[a-z;. ]' },
      ['0.regexStructure', UNSAFE_LOGIN_STRUCTURE],
    ],
    [
      'a login structure letting accents in',
      { ...LOGIN, regexStructure: '[a-zà-ÿ]' },
      ['0.regexStructure', UNSAFE_LOGIN_STRUCTURE],
    ],
    ['a structure too long', { ...LASTNAME, regexStructure: `[${'a'.repeat(200)}]` }, ['0.regexStructure', STRUCTURE_TOO_LONG]],
    ['too many special characters', { ...LASTNAME, regexSpecial: '-'.repeat(21) }, ['0.regexSpecial', SPECIAL_TOO_LONG]],
    ['a field name that is no name', { ...LASTNAME, fieldName: 'deux mots' }, ['0.fieldName', UNKNOWN_SETTING]],
  ])('refuses %s', (_case, setting, expected) => {
    expect(problemsOf([setting])).toEqual([expected]);
  });

  it('lets a name field accept accents and spaces, which a login may not hold', () => {
    expect(problemsOf([{ ...LASTNAME, regexStructure: '[a-zà-ÿ ]' }])).toEqual([]);
  });

  it('refuses an unknown conversion', () => {
    expect(problemsOf([{ ...LOGIN, regexConversion: 'LOWER' }]).map(([path]) => path)).toEqual(['0.regexConversion']);
  });

  it('refuses a field given twice, at its second place', () => {
    expect(problemsOf([LOGIN, LASTNAME, { ...LOGIN, regexSpecial: '.' }])).toEqual([['2.fieldName', DUPLICATE_FIELD]]);
  });
});
