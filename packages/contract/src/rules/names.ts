/**
 * The cleaning of the name fields (first name, last name, login) by the settings' regex rules
 * (spec 2 §2.5, spec 3 §5): a one-character structure pattern, the special characters allowed,
 * and a case conversion. The same functions run in the add-user and user forms and on the
 * server, which stores only cleaned values.
 */

export const NAME_FIELDS = ['firstname', 'lastname', 'login'] as const;
export type NameField = (typeof NAME_FIELDS)[number];

export const CONVERSIONS = ['MIN', 'MAJ', 'FIRSTMAJ'] as const;
export type Conversion = (typeof CONVERSIONS)[number];

/** One field's rule: `structure` matches one allowed character, e.g. `[a-z0-9.-]`. */
export type NameRule = { structure: string; special: string; conversion: string };
export type NameRules = Partial<Record<NameField, NameRule>>;

/** The school answer's regex lists (`regexGlobal`, `regexEstab`), as the rules read them. */
export type RegexSources = {
  regexGlobal: readonly { field: string; conversion: string; special: string; structure: string }[];
  regexEstab: readonly { field: string; regex: string }[];
};

/**
 * The rules of a school: the global rule of each field, the login's structure replaced by the
 * school's own login pattern when it has one (a one-character pattern too).
 */
export function nameRulesOf(sources: RegexSources): NameRules {
  const rules: NameRules = {};
  for (const entry of sources.regexGlobal) {
    if ((NAME_FIELDS as readonly string[]).includes(entry.field)) {
      rules[entry.field as NameField] = { structure: entry.structure, special: entry.special, conversion: entry.conversion };
    }
  }
  const schoolLogin = sources.regexEstab.find((entry) => entry.field === 'login' && entry.regex.trim() !== '');
  if (schoolLogin) rules.login = { special: '.-', conversion: 'MIN', ...rules.login, structure: schoolLogin.regex.trim() };
  return rules;
}

const LIGATURES: [RegExp, string][] = [
  [/œ/g, 'oe'],
  [/Œ/g, 'OE'],
  [/æ/g, 'ae'],
  [/Æ/g, 'AE'],
];

function withoutAccents(value: string): string {
  let out = value;
  for (const [pattern, replacement] of LIGATURES) out = out.replace(pattern, replacement);
  return out.normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');
}

/** A compiled one-character test, or null when the pattern is empty or not a valid expression. */
function characterTest(structure: string): RegExp | null {
  if (structure.trim() === '') return null;
  try {
    return new RegExp(`^(?:${structure})$`, 'u');
  } catch {
    return null;
  }
}

function escapeForClass(characters: string): string {
  return characters.replace(/[\\\]^-]/g, '\\$&');
}

/** Upper-cases the first letter of each word (after a space, a hyphen or an apostrophe), lower-cases the rest. */
function capitaliseWords(value: string): string {
  return value.toLocaleLowerCase('fr').replace(/(^|[\s'’-])(\p{L})/gu, (_match, separator: string, letter: string) => separator + letter.toLocaleUpperCase('fr'));
}

/**
 * Applies a conversion: MIN lower case, MAJ upper case, FIRSTMAJ the first letter of each word
 * upper case and the rest lower case (so that compound names read "Jean-Pierre"). An unknown
 * conversion leaves the case as it is.
 */
export function applyConversion(value: string, conversion: string): string {
  switch (conversion) {
    case 'MIN':
      return value.toLocaleLowerCase('fr');
    case 'MAJ':
      return value.toLocaleUpperCase('fr');
    case 'FIRSTMAJ':
      return capitaliseWords(value);
    default:
      return value;
  }
}

/**
 * Cleans a value by a rule: trims, converts the case, removes the accent of each accented letter
 * the structure refuses (the letter stays when it accepts it plain), removes every other character
 * it refuses, collapses runs of special characters and spaces, and drops special characters at
 * both ends. Without a rule, only trims and collapses spaces. Never throws, even on a malformed
 * pattern (then ignored).
 */
export function cleanName(value: string, rule?: NameRule): string {
  let out = value.trim().replace(/\s+/g, ' ');
  if (!rule) return out;
  out = applyConversion(out, rule.conversion);
  const test = characterTest(rule.structure);
  if (test) {
    // Per character: a structure may accept 'é' but not 'É' (e.g. [a-zA-Zà-ÿ]); such a letter loses its accent, not itself.
    const keep = (character: string) =>
      test.test(character) ? character : [...withoutAccents(character)].filter((plain) => test.test(plain)).join('');
    out = [...out].map(keep).join('');
  }
  const specials = [...new Set([...rule.special, ' '])].join('');
  const specialClass = `[${escapeForClass(specials)}]`;
  out = out
    .replace(new RegExp(`(${specialClass})${specialClass}+`, 'gu'), '$1')
    .replace(new RegExp(`^${specialClass}+|${specialClass}+$`, 'gu'), '');
  return rule.conversion === 'FIRSTMAJ' ? capitaliseWords(out) : out;
}

/** A proposed login in two parts: the names (`jean.dupont`) and the school's tail (`.clg-moulin`, or ''). */
export type LoginProposal = { stem: string; tail: string };

const DEFAULT_LOGIN_RULE: NameRule = { structure: '[a-z0-9.-]', special: '.-', conversion: 'MIN' };

/**
 * The login proposed for a new user: `firstname.lastname.extension` (no extension part when the
 * school has none), each part's spaces turned into hyphens, each part cleaned by the login rule
 * (accents and forbidden characters removed, case converted). Empty parts are left out.
 */
export function proposeLogin(firstname: string, lastname: string, extension: string, rules: NameRules): LoginProposal {
  const rule = rules.login ?? DEFAULT_LOGIN_RULE;
  const part = (value: string) => cleanName(value.trim().replace(/\s+/g, '-'), rule);
  const stem = [part(firstname), part(lastname)].filter(Boolean).join('.');
  const cleanedExtension = part(extension);
  return { stem, tail: cleanedExtension ? `.${cleanedExtension}` : '' };
}

/**
 * The first login not taken: `stem + tail`, else the stem numbered 2, 3… before the tail
 * (`jean.dupont2.clg-moulin`). `isTaken` is asked for each candidate in turn (callers compare
 * case-insensitively, as the database's unique index does).
 */
export function makeLoginUnique(proposal: LoginProposal, isTaken: (login: string) => boolean): string {
  const first = proposal.stem + proposal.tail;
  if (first && !isTaken(first)) return first;
  for (let number = 2; ; number += 1) {
    const candidate = `${proposal.stem}${number}${proposal.tail}`;
    if (!isTaken(candidate)) return candidate;
  }
}
