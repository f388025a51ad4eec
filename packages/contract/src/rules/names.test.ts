import { describe, expect, it } from 'vitest';
import { applyConversion, cleanName, makeLoginUnique, nameRulesOf, proposeLogin, type NameRule } from './names.js';

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
