import { describe, expect, it } from 'vitest';
import {
  applyConversion,
  cleanName,
  cleanNames,
  DEFAULT_LOGIN_STRUCTURE,
  isValidStructure,
  makeLoginUnique,
  nameRulesOf,
  proposeLogin,
  refusedCharacters,
  tryNameRules,
  unsafeLoginCharacters,
  type NameRule,
} from './names.js';

const rule = (structure: string, special: string, conversion: string): NameRule => ({ structure, special, conversion });
/** The seeded default rules (apps/server seed/settings.ts). */
const FIRSTNAME = rule("[A-Za-zÀ-ÿ' -]", "-' ", 'FIRSTMAJ');
const LASTNAME = rule("[A-Za-zÀ-ÿ' -]", "-' ", 'MAJ');
const LOGIN = rule('[a-z0-9.-]', '.-', 'MIN');

describe('applyConversion', () => {
  it.each([
    ['Jean-Pierre', 'MIN', 'jean-pierre'],
    ['Jean-Pierre', 'MAJ', 'JEAN-PIERRE'],
    ['jEAN-pIERRE de la fontaine', 'FIRSTMAJ', 'Jean-Pierre De La Fontaine'],
    ["n'diaye", 'FIRSTMAJ', "N'Diaye"],
    ['élodie', 'MAJ', 'ÉLODIE'],
    ['Jean', 'UNKNOWN', 'Jean'],
  ])('%j with %s → %j', (value, conversion, expected) => {
    expect(applyConversion(value, conversion)).toBe(expected);
  });
});

describe('cleanName', () => {
  it.each<[string, string, NameRule | undefined, string]>([
    ['without a rule: trims and collapses spaces only', '  Jean   Pierre  ', undefined, 'Jean Pierre'],
    ['MIN', 'Jean-Pierre', LOGIN, 'jean-pierre'],
    ['MAJ', 'Le Gall', LASTNAME, 'LE GALL'],
    ['FIRSTMAJ', 'jean-pierre', FIRSTNAME, 'Jean-Pierre'],
    ['FIRSTMAJ after an apostrophe', "N'DIAYE", FIRSTNAME, "N'Diaye"],
    ['accents kept where the structure accepts them', 'Hélène', FIRSTNAME, 'Hélène'],
    ['accents kept in upper case too', 'Hélène', LASTNAME, 'HÉLÈNE'],
    ['accents removed where the structure refuses them', 'Hélène', LOGIN, 'helene'],
    ['ligatures spelt out where refused', 'Cœur Lætitia', rule('[a-z ]', ' ', 'MIN'), 'coeur laetitia'],
    [
      'an upper-case accented letter the structure refuses loses only its accent',
      'Émilie',
      rule('[a-zA-Zà-ÿ]', '', 'MAJ'),
      'EMILIE',
    ],
    ['forbidden characters removed', 'Jean$Pierre#1!', rule('[a-z0-9]', '', 'MIN'), 'jeanpierre1'],
    ['digits refused by the name structure', 'Jean2', FIRSTNAME, 'Jean'],
    ['runs of special characters collapsed to the first', 'jean..--pierre', LOGIN, 'jean.pierre'],
    ['spaces and specials collapsed together', 'Jean -  Pierre', FIRSTNAME, 'Jean Pierre'],
    ['special characters trimmed at both ends', '--.jean.pierre.--', LOGIN, 'jean.pierre'],
    ['a malformed pattern is ignored (case and specials still apply)', 'Jean  Pierre', rule('[a-z', '', 'MIN'), 'jean pierre'],
    ['an empty pattern is ignored', 'jean pierre', rule('', '', 'MAJ'), 'JEAN PIERRE'],
    ['nothing left', '$$$', LOGIN, ''],
  ])('%s: %j → %j', (_case, value, cleaningRule, expected) => {
    expect(cleanName(value, cleaningRule)).toBe(expected);
  });
});

describe('cleanNames', () => {
  const rules = { firstname: FIRSTNAME, lastname: LASTNAME, login: LOGIN };

  it('cleans each given field by its rule and leaves the absent ones out', () => {
    expect(cleanNames({ firstname: ' jean-pierre ', lastname: 'Le Gall', login: undefined }, rules)).toEqual({
      cleaned: { firstname: 'Jean-Pierre', lastname: 'LE GALL' },
      missing: [],
    });
    expect(cleanNames({ login: null }, rules)).toEqual({ cleaned: {}, missing: [] });
  });

  it('names each given field that cleans to nothing, in the fields order', () => {
    expect(cleanNames({ login: '$$$', lastname: '  ', firstname: 'Zoé' }, rules)).toEqual({
      cleaned: { firstname: 'Zoé', lastname: '', login: '' },
      missing: ['lastname', 'login'],
    });
  });
});

describe('nameRulesOf', () => {
  const regexGlobal = [
    { field: 'firstname', conversion: 'FIRSTMAJ', special: "-' ", structure: "[A-Za-zÀ-ÿ' -]" },
    { field: 'login', conversion: 'MIN', special: '.-', structure: '[a-z0-9.-]' },
    { field: 'comment', conversion: 'MIN', special: '', structure: '[a-z]' },
  ];

  it('keeps the global rule of each name field and ignores other fields', () => {
    expect(nameRulesOf({ regexGlobal, regexEstab: [] })).toEqual({ firstname: FIRSTNAME, login: LOGIN });
  });

  it('replaces the login structure by the school’s trimmed pattern, keeping its specials and conversion', () => {
    expect(nameRulesOf({ regexGlobal, regexEstab: [{ field: 'login', regex: ' [a-z.] ' }] }).login).toEqual({
      structure: '[a-z.]',
      special: '.-',
      conversion: 'MIN',
    });
  });

  it('gives a school pattern default specials and conversion when there is no global login rule', () => {
    expect(nameRulesOf({ regexGlobal: [], regexEstab: [{ field: 'login', regex: '[a-z]' }] })).toEqual({
      login: { structure: '[a-z]', special: '.-', conversion: 'MIN' },
    });
  });

  it('ignores a blank school pattern and patterns of other fields', () => {
    const rules = nameRulesOf({
      regexGlobal,
      regexEstab: [
        { field: 'login', regex: '  ' },
        { field: 'firstname', regex: '[a-z]' },
      ],
    });
    expect(rules).toEqual({ firstname: FIRSTNAME, login: LOGIN });
  });
});

describe('an empty login pattern', () => {
  it('means the default one, never "any character"', () => {
    const rules = nameRulesOf({
      regexGlobal: [{ field: 'login', conversion: 'MIN', special: '.-', structure: ' ' }],
      regexEstab: [],
    });
    expect(rules.login).toEqual({ structure: DEFAULT_LOGIN_STRUCTURE, special: '.-', conversion: 'MIN' });
    expect(cleanName('Jean Dupont!', rules.login)).toBe('jeandupont');
  });
});

describe('isValidStructure', () => {
  it.each([
    ['[a-z0-9.-]', true],
    ['', true],
    ['[\\p{L} -]', true],
    ['[a-z', false],
    ['(', false],
    ['[z-a]', false],
  ])('%j is %s', (structure, expected) => expect(isValidStructure(structure)).toBe(expected));
});

describe('unsafeLoginCharacters', () => {
  it('accepts the default pattern and patterns within letters, digits, ".", "_" and "-"', () => {
    expect(unsafeLoginCharacters(DEFAULT_LOGIN_STRUCTURE)).toEqual([]);
    expect(unsafeLoginCharacters('[A-Za-z0-9_]')).toEqual([]);
  });

  it('names what a wider pattern would let into a login, in code order', () => {
    expect(unsafeLoginCharacters('[a-z@= ]')).toEqual([' ', '=', '@']);
    expect(unsafeLoginCharacters('[a-zé]')).toEqual(['é']);
    expect(unsafeLoginCharacters('.')).toContain(';');
  });

  it('has nothing to say of an empty or invalid pattern (the other checks do)', () => {
    expect(unsafeLoginCharacters('')).toEqual([]);
    expect(unsafeLoginCharacters('[a-z')).toEqual([]);
  });
});

describe('refusedCharacters', () => {
  it.each<[string, string, NameRule | undefined, string[]]>([
    ['none for a clean value', 'Jean-Pierre', FIRSTNAME, []],
    ['each refused character once, in order', 'Jean$Pierre#2$', FIRSTNAME, ['$', '#', '2']],
    ['an accent the structure refuses is removed, not the letter', 'Hélène', LOGIN, []],
    ['after the conversion: an upper-case letter a lower-case structure would refuse', 'JEAN', LOGIN, []],
    ['spaces are collapsed, not refused', 'jean pierre', rule('[a-z]', '', 'MIN'), []],
    ['without a rule', 'Jean$', undefined, []],
    ['with an invalid pattern', 'Jean$', rule('[a-z', '', 'MIN'), []],
  ])('%s', (_case, value, cleaningRule, expected) => {
    expect(refusedCharacters(value, cleaningRule)).toEqual(expected);
  });
});

describe('tryNameRules', () => {
  const rules = { firstname: FIRSTNAME, lastname: LASTNAME, login: LOGIN };

  it('gives the cleaned names and the proposed login, as a new user would get them', () => {
    expect(tryNameRules({ firstname: '  jean-PIERRE ', lastname: "d'ormesson", extension: 'clg-moulin' }, rules)).toEqual({
      firstname: { value: 'Jean-Pierre', refused: [] },
      lastname: { value: "D'ORMESSON", refused: [] },
      login: { value: 'jean-pierre.dormesson.clg-moulin', refused: ["'"] },
    });
  });

  it('names the characters each rule removes', () => {
    const trial = tryNameRules({ firstname: 'Zoé2', lastname: 'Nguyễn_', extension: '' }, rules);
    expect(trial.firstname).toEqual({ value: 'Zoé', refused: ['2'] });
    expect(trial.lastname).toEqual({ value: 'NGUYEN', refused: ['_'] });
    // The login is made of the names as their rules leave them: no '2' the first name's rule removed.
    expect(trial.login).toEqual({ value: 'zoe.nguyen', refused: [] });
  });

  it('proposes no login when the names clean to nothing, never the extension alone', () => {
    const trial = tryNameRules({ firstname: '123', lastname: '--', extension: 'clg-ete' }, rules);
    expect(trial.login.value).toBe('');
  });

  it('follows the rules given, so that a change shows before it is saved', () => {
    const trial = tryNameRules(
      { firstname: 'Jean', lastname: 'Dupont', extension: '' },
      { ...rules, lastname: rule('[A-Za-z]', '', 'FIRSTMAJ') },
    );
    expect(trial.lastname.value).toBe('Dupont');
  });
});

describe('proposeLogin', () => {
  it.each<[string, string, string, string, { stem: string; tail: string }]>([
    ['with an extension', 'Jean', 'Dupont', 'clg-moulin', { stem: 'jean.dupont', tail: '.clg-moulin' }],
    ['without an extension', 'Émilie', 'Du Pont', '', { stem: 'emilie.du-pont', tail: '' }],
    [
      'spaces become hyphens, apostrophes go',
      'Jean Pierre',
      "D'Ormesson",
      'Clg Moulin',
      { stem: 'jean-pierre.dormesson', tail: '.clg-moulin' },
    ],
    ['an empty part is left out', '', 'Dupont', 'clg', { stem: 'dupont', tail: '.clg' }],
    ['names that clean to nothing propose nothing', '--', '.', 'clg-ete', { stem: '', tail: '' }],
    ['never starts as a formula would (exports keep logins exact)', '-Anne', 'Dupont', '', { stem: 'anne.dupont', tail: '' }],
    ['nor with a dot or hyphens left by an empty first name', '', '--Dupont', '', { stem: 'dupont', tail: '' }],
  ])('%s', (_case, firstname, lastname, extension, expected) => {
    expect(proposeLogin(firstname, lastname, extension, {})).toEqual(expected);
  });

  it('applies the school’s login rule', () => {
    const rules = { login: rule('[a-z]', '', 'MIN') };
    expect(proposeLogin('Jean-Luc', 'Dupont2', 'clg-9', rules)).toEqual({ stem: 'jeanluc.dupont', tail: '.clg' });
  });
});

describe('makeLoginUnique', () => {
  const takenIn = (logins: string[]) => (login: string) => logins.includes(login);

  it.each<[string, { stem: string; tail: string }, string[], string]>([
    ['free as proposed', { stem: 'jean.dupont', tail: '.clg' }, [], 'jean.dupont.clg'],
    ['numbered before the tail', { stem: 'jean.dupont', tail: '.clg' }, ['jean.dupont.clg'], 'jean.dupont2.clg'],
    [
      'the first free number',
      { stem: 'jean.dupont', tail: '.clg' },
      ['jean.dupont.clg', 'jean.dupont2.clg', 'jean.dupont3.clg'],
      'jean.dupont4.clg',
    ],
    ['without a tail', { stem: 'jean.dupont', tail: '' }, ['jean.dupont'], 'jean.dupont2'],
  ])('%s', (_case, proposal, taken, expected) => {
    expect(makeLoginUnique(proposal, takenIn(taken))).toBe(expected);
  });

  it('asks for each candidate in turn', () => {
    const asked: string[] = [];
    makeLoginUnique({ stem: 'a', tail: '.b' }, (login) => {
      asked.push(login);
      return asked.length < 3;
    });
    expect(asked).toEqual(['a.b', 'a2.b', 'a3.b']);
  });
});
