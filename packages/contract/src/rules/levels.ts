import { withoutAccents } from './names.js';

/**
 * The school levels (niveaux) of the French system a pupil may be in, as this product writes
 * them: nursery and elementary school, collège, lycée (general, technological and vocational),
 * CAP and BTS years, and ULIS. The import checks a pupil's level against them (an unknown level is
 * a typo that would split a class in two); the spellings a spreadsheet holds ('6ème', 'sixième',
 * 'Seconde', '1ère', 'Terminale', 'CE 1') are read as the level they mean.
 */
export const SCHOOL_LEVELS = [
  'PS',
  'MS',
  'GS',
  'CP',
  'CE1',
  'CE2',
  'CM1',
  'CM2',
  '6e',
  '5e',
  '4e',
  '3e',
  '2nde',
  '1re',
  'Tle',
  'CAP1',
  'CAP2',
  'BTS1',
  'BTS2',
  'ULIS',
] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];

/** Spellings (accents, case, spaces, dots and dashes dropped) → the level. */
const LEVEL_SPELLINGS: Record<string, SchoolLevel> = {
  ps: 'PS',
  petitesection: 'PS',
  ms: 'MS',
  moyennesection: 'MS',
  gs: 'GS',
  grandesection: 'GS',
  cp: 'CP',
  ce1: 'CE1',
  ce2: 'CE2',
  cm1: 'CM1',
  cm2: 'CM2',
  '6': '6e',
  '6e': '6e',
  '6eme': '6e',
  sixieme: '6e',
  '5': '5e',
  '5e': '5e',
  '5eme': '5e',
  cinquieme: '5e',
  '4': '4e',
  '4e': '4e',
  '4eme': '4e',
  quatrieme: '4e',
  '3': '3e',
  '3e': '3e',
  '3eme': '3e',
  troisieme: '3e',
  '2': '2nde',
  '2nde': '2nde',
  '2de': '2nde',
  seconde: '2nde',
  '2ndepro': '2nde',
  '1': '1re',
  '1re': '1re',
  '1ere': '1re',
  premiere: '1re',
  '1repro': '1re',
  t: 'Tle',
  tle: 'Tle',
  tale: 'Tle',
  terminale: 'Tle',
  tlepro: 'Tle',
  cap1: 'CAP1',
  '1cap': 'CAP1',
  cap2: 'CAP2',
  '2cap': 'CAP2',
  bts1: 'BTS1',
  '1bts': 'BTS1',
  bts2: 'BTS2',
  '2bts': 'BTS2',
  ulis: 'ULIS',
};

/** The level a text means, or null when it is none of them ('' included). */
export function schoolLevelOf(text: string): SchoolLevel | null {
  const key = withoutAccents(text)
    .toLowerCase()
    .replace(/[\s.\-_']/g, '');
  return LEVEL_SPELLINGS[key] ?? null;
}
