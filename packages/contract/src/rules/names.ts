/**
 * The cleaning of the name fields (first name, last name, login) by the settings' regex rules
 * (spec 2 §2.5, spec 3 §5): a one-character structure pattern, the special characters allowed,
 * and a case conversion. The same functions run in the add-user and user forms and on the
 * server, which stores only cleaned values.
 */

import { FORMULA_START } from './text.js';

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
  // The login's pattern left empty in the settings means the default one (its placeholder), never "anything".
  if (rules.login && rules.login.structure.trim() === '') rules.login = { ...rules.login, structure: DEFAULT_LOGIN_STRUCTURE };
  return rules;
}

const LIGATURES: [RegExp, string][] = [
  [/œ/g, 'oe'],
  [/Œ/g, 'OE'],
  [/æ/g, 'ae'],
  [/Æ/g, 'AE'],
];

/** The value with every accent removed and the ligatures spelt out (œ → oe, Æ → AE). */
export function withoutAccents(value: string): string {
  let out = value;
  for (const [pattern, replacement] of LIGATURES) out = out.replace(pattern, replacement);
  return out
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/**
 * Compiled expressions by their source: an import cleans 30,000 names by the same few rules, which
 * compiled their expressions at every call. A rule's expressions hold no state between uses (no
 * `g` flag where `test` is called). Bounded: rules are few, a runaway caller is not kept.
 */
const compiled = new Map<string, RegExp | null>();

function compileOnce(key: string, compile: () => RegExp | null): RegExp | null {
  const known = compiled.get(key);
  if (known !== undefined) return known;
  if (compiled.size > 200) compiled.clear();
  const expression = compile();
  compiled.set(key, expression);
  return expression;
}

/** A compiled one-character test, or null when the pattern is empty or not a valid expression. */
function characterTest(structure: string): RegExp | null {
  if (structure.trim() === '') return null;
  return compileOnce(`test\u0000${structure}`, () => {
    try {
      return new RegExp(`^(?:${structure})$`, 'u');
    } catch {
      return null;
    }
  });
}

/**
 * What a structure keeps of one character: the character when it accepts it, else what it accepts
 * of it without its accent (a structure may accept 'é' but not 'É', e.g. [a-zA-Zà-ÿ]: such a
 * letter loses its accent, not itself), else nothing.
 */
function keptOf(character: string, test: RegExp): string {
  return test.test(character) ? character : [...withoutAccents(character)].filter((plain) => test.test(plain)).join('');
}

/**
 * Each character's outcome under a structure, remembered by structure (an import cleans 30,000
 * names with a few dozen distinct characters); null when the structure refuses nothing (empty or
 * invalid). Bounded, as `compiled` is.
 */
const keptByStructure = new Map<string, Map<string, string>>();

function keptCharacters(structure: string): Map<string, string> | null {
  if (!characterTest(structure)) return null;
  let kept = keptByStructure.get(structure);
  // A file of a thousand scripts' characters is not all kept.
  if (kept && kept.size > 5000) kept.clear();
  if (!kept) {
    if (keptByStructure.size > 200) keptByStructure.clear();
    keptByStructure.set(structure, (kept = new Map()));
  }
  return kept;
}

/** Whether a structure pattern may be stored: empty (no character refused) or a valid expression. */
export function isValidStructure(structure: string): boolean {
  return structure.trim() === '' || characterTest(structure) !== null;
}

/**
 * The characters a login may hold, whatever its pattern says: letters without accent, digits,
 * '.', '_' and '-'. Logins end up in URLs, e-mail-like identifiers and the publishers' CSV files,
 * where a space, an accent, a separator or a leading '=' would break them.
 */
const LOGIN_SAFE_CHARACTER = /^[A-Za-z0-9._-]$/;

/** Every character from space to the end of Latin Extended-A: what a login pattern is checked against. */
const CHECKED_CHARACTERS: readonly string[] = Array.from({ length: 0x17f - 0x20 + 1 }, (_unused, index) =>
  String.fromCodePoint(0x20 + index),
);

/**
 * The characters a login pattern would accept although a login may not hold them (see
 * LOGIN_SAFE_CHARACTER), in code order; empty for a safe pattern, an empty or an invalid one.
 */
export function unsafeLoginCharacters(structure: string): string[] {
  const test = characterTest(structure);
  if (!test) return [];
  return CHECKED_CHARACTERS.filter((character) => test.test(character) && !LOGIN_SAFE_CHARACTER.test(character));
}

function escapeForClass(characters: string): string {
  return characters.replace(/[\\\]^-]/g, '\\$&');
}

/** Upper-cases the first letter of each word (after a space, a hyphen or an apostrophe), lower-cases the rest. */
function capitaliseWords(value: string): string {
  return value
    .toLocaleLowerCase('fr')
    .replace(/(^|[\s'’-])(\p{L})/gu, (_match, separator: string, letter: string) => separator + letter.toLocaleUpperCase('fr'));
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

/** The expressions finding runs of a rule's special characters (and spaces), and those at both ends, by the characters. Bounded, as `compiled` is. */
const specialsByCharacters = new Map<string, { runs: RegExp; ends: RegExp }>();

function specialsOf(special: string): { runs: RegExp; ends: RegExp } {
  const known = specialsByCharacters.get(special);
  if (known) return known;
  if (specialsByCharacters.size > 200) specialsByCharacters.clear();
  const specialClass = `[${escapeForClass([...new Set([...special, ' '])].join(''))}]`;
  const expressions = {
    runs: new RegExp(`(${specialClass})${specialClass}+`, 'gu'),
    ends: new RegExp(`^${specialClass}+|${specialClass}+$`, 'gu'),
  };
  specialsByCharacters.set(special, expressions);
  return expressions;
}

/**
 * Values already cleaned, by rule then value: an import cleans each of 50,000 lines' names
 * several times (the names, then the login made of them), most of them alike (first names, the
 * school's extension). Keyed by the rule's content, not the object, so that a rule changed in
 * place is a new rule. Bounded: a few rules, the last CLEANED_PER_RULE values of each.
 */
const cleanedByRule = new Map<string, Map<string, string>>();
const CLEANED_PER_RULE = 20_000;

/**
 * Cleans a value by a rule: trims, converts the case, removes the accent of each accented letter
 * the structure refuses (the letter stays when it accepts it plain), removes every other character
 * it refuses, collapses runs of special characters and spaces, and drops special characters at
 * both ends. Without a rule, only trims and collapses spaces. Never throws, even on a malformed
 * pattern (then ignored).
 */
export function cleanName(value: string, rule?: NameRule): string {
  if (!rule) return value.trim().replace(/\s+/g, ' ');
  const ruleKey = `${rule.structure}\u0000${rule.special}\u0000${rule.conversion}`;
  let cleaned = cleanedByRule.get(ruleKey);
  if (!cleaned) {
    if (cleanedByRule.size > 50) cleanedByRule.clear();
    cleanedByRule.set(ruleKey, (cleaned = new Map()));
  }
  const known = cleaned.get(value);
  if (known !== undefined) return known;
  if (cleaned.size >= CLEANED_PER_RULE) cleaned.clear();
  const out = cleanByRule(value, rule);
  cleaned.set(value, out);
  return out;
}

/**
 * A user's names and login as a request or a file line gives them, cleaned by the school's rules:
 * the one cleaning of a new user, a user page, a grid edit and an import line. An absent field
 * (undefined or null) stays absent; a given one that cleans to nothing is `missing` (required).
 */
export function cleanNames(
  given: { readonly [F in NameField]?: string | null },
  rules: NameRules,
): { cleaned: { [F in NameField]?: string }; missing: NameField[] } {
  const cleaned: { [F in NameField]?: string } = {};
  const missing: NameField[] = [];
  for (const field of NAME_FIELDS) {
    const value = given[field];
    if (value == null) continue;
    cleaned[field] = cleanName(value, rules[field]);
    if (cleaned[field] === '') missing.push(field);
  }
  return { cleaned, missing };
}

function cleanByRule(value: string, rule: NameRule): string {
  let out = applyConversion(value.trim().replace(/\s+/g, ' '), rule.conversion);
  const keep = keptCharacters(rule.structure);
  if (keep) {
    let kept = '';
    for (const character of out) {
      let outcome = keep.get(character);
      if (outcome === undefined) keep.set(character, (outcome = keptOf(character, characterTest(rule.structure)!)));
      kept += outcome;
    }
    out = kept;
  }
  const { runs, ends } = specialsOf(rule.special);
  out = out.replace(runs, '$1').replace(ends, '');
  return rule.conversion === 'FIRSTMAJ' ? capitaliseWords(out) : out;
}

/**
 * The characters of a value that a rule removes outright (after its case conversion): neither
 * accepted by the structure nor by it once without their accent. Each once, in order of
 * appearance; spaces are not counted (they are collapsed, not refused). Empty without a rule or
 * with an empty or invalid pattern.
 */
export function refusedCharacters(value: string, rule?: NameRule): string[] {
  const test = rule ? characterTest(rule.structure) : null;
  if (!rule || !test) return [];
  const refused = new Set<string>();
  for (const character of applyConversion(value, rule.conversion)) {
    if (/\s/u.test(character) || test.test(character)) continue;
    if (![...withoutAccents(character)].some((plain) => test.test(plain))) refused.add(character);
  }
  return [...refused];
}

/** One field's outcome in the rules' tester: the cleaned value and the characters removed. */
export type NameTrial = { value: string; refused: string[] };
export type NameRulesTrial = { firstname: NameTrial; lastname: NameTrial; login: NameTrial };

/**
 * What the rules make of sample names, as a new user's would be (spec 2 §2.5; the general
 * settings' live tester): the cleaned first and last names, the proposed login (before any
 * number a taken login would get), and for each the characters its rule removes. The same
 * functions clean the add-user panel's, the user page's, the grid's and the import's names.
 */
export function tryNameRules(
  sample: { firstname: string; lastname: string; extension: string },
  rules: NameRules,
): NameRulesTrial {
  const proposal = proposeLogin(sample.firstname, sample.lastname, sample.extension, rules);
  const loginRule = rules.login ?? DEFAULT_LOGIN_RULE;
  // What the login rule removes of what reaches it: the names as their rules leave them, and the extension.
  const loginParts = [
    cleanName(sample.firstname, rules.firstname),
    cleanName(sample.lastname, rules.lastname),
    sample.extension,
  ].join('');
  return {
    firstname: {
      value: cleanName(sample.firstname, rules.firstname),
      refused: refusedCharacters(sample.firstname, rules.firstname),
    },
    lastname: { value: cleanName(sample.lastname, rules.lastname), refused: refusedCharacters(sample.lastname, rules.lastname) },
    login: { value: proposal.stem + proposal.tail, refused: refusedCharacters(loginParts, loginRule) },
  };
}

/** A proposed login in two parts: the names (`jean.dupont`) and the school's tail (`.clg-moulin`, or ''). */
export type LoginProposal = { stem: string; tail: string };

/** What a proposed login may not start with: a formula's first character, or a dot. */
const LEADING_UNSAFE = new RegExp(`^(?:${FORMULA_START.source.slice(1)}|\\.)+`);

/** The login's character pattern when the settings leave it empty; shown as the field's placeholder. */
export const DEFAULT_LOGIN_STRUCTURE = '[a-z0-9.-]';
const DEFAULT_LOGIN_RULE: NameRule = { structure: DEFAULT_LOGIN_STRUCTURE, special: '.-', conversion: 'MIN' };

/**
 * The login proposed for a new user: `firstname.lastname.extension` (no extension part when the
 * school has none), made of the names as their own rules clean them (a character the name rule
 * removes never reaches the login), each part's spaces turned into hyphens, each part cleaned by
 * the login rule (accents and forbidden characters removed, case converted). Empty parts are left
 * out; names that clean to nothing propose nothing (never the extension alone, `.clg-moulin`). A
 * login never starts with a character a spreadsheet reads as a formula (`FORMULA_START`) nor a
 * dot: exports read by machines keep logins exact, so the login itself must be safe to open.
 */
export function proposeLogin(firstname: string, lastname: string, extension: string, rules: NameRules): LoginProposal {
  const rule = rules.login ?? DEFAULT_LOGIN_RULE;
  const stem = [loginPart(cleanName(firstname, rules.firstname), rule), loginPart(cleanName(lastname, rules.lastname), rule)]
    .filter(Boolean)
    .join('.')
    .replace(LEADING_UNSAFE, '');
  if (stem === '') return { stem: '', tail: '' };
  const cleanedExtension = loginPart(extension, rule);
  return { stem, tail: cleanedExtension ? `.${cleanedExtension}` : '' };
}

/** A part of a proposed login: its spaces turned into hyphens, cleaned by the login rule. */
function loginPart(value: string, rule: NameRule): string {
  return cleanName(value.trim().replace(/\s+/g, '-'), rule);
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
