import { describe, expect, it } from 'vitest';
import { checkImportTable, type ImportTable } from './check.js';
import { IMPORT_ERRORS } from './problems.js';

const APPS = [{ idApplication: 7, name: 'Edulib' }];
const UAI = '0690002B';
const context = { uai: UAI };
const table = (headers: string[], ...rows: string[][]): ImportTable => ({
  headers,
  rows: rows.map((cells, index) => ({ line: index + 2, cells })),
});
const HEADERS = [
  'UAI',
  'Profil',
  'Nom',
  'Prénom',
  'Login',
  'Niveau',
  'Classe',
  'Mode admin',
  'Mail',
  'Option1',
  'Option2',
  'Edulib',
  'Edulib-Code',
];

describe('checkImportTable: new users', () => {
  it('reads each line into the informations, options and applications it gives', () => {
    const check = checkImportTable(
      'users_initial',
      table(
        HEADERS,
        [UAI, 'Élève', 'Lefèvre', 'Élodie', '', '6ème', '6A', '', '', 'Latin', '', '1', 'KEY-1'],
        ['', 'Professeur', 'Cœur', 'François', 'f.coeur', '', '', 'non', 'f.coeur@example.org', '', '', '0', ''],
      ),
      APPS,
      context,
    );
    expect(check.problems).toEqual([]);
    expect(check.lines).toEqual([
      {
        mode: 'users_initial',
        line: 2,
        adminModeGiven: false,
        informations: expect.objectContaining({
          uai: UAI,
          profile: 'Eleve',
          lastName: 'Lefèvre',
          firstName: 'Élodie',
          login: null,
          level: '6e',
          class: '6A',
          adminMode: 1,
          email: null,
        }),
        options: ['Latin'],
        applications: [{ idApplication: 7, etat: 1, login: null, password: null, code: 'KEY-1' }],
      },
      {
        mode: 'users_initial',
        line: 3,
        adminModeGiven: true,
        informations: expect.objectContaining({
          profile: 'Enseignant',
          login: 'f.coeur',
          level: null,
          adminMode: 0,
          email: 'f.coeur@example.org',
        }),
        options: [],
        applications: [{ idApplication: 7, etat: 0, login: null, password: null, code: null }],
      },
    ]);
  });

  it.each([
    ['a pupil without a level', ['', 'Eleve', 'A', 'B', '', '', '', '', '', '', '', '', ''], IMPORT_ERRORS.required, 'Niveau'],
    ['an unknown level', ['', 'Eleve', 'A', 'B', '', '7ème', '', '', '', '', '', '', ''], IMPORT_ERRORS.unknownLevel, 'Niveau'],
    ['an unknown profile', ['', 'Parent', 'A', 'B', '', '', '', '', '', '', '', '', ''], IMPORT_ERRORS.unknownProfile, 'Profil'],
    [
      'a provider staff profile',
      ['', 'Gestionnaire', 'A', 'B', '', '', '', '', '', '', '', '', ''],
      IMPORT_ERRORS.profileNotImportable,
      'Profil',
    ],
    ['no last name', ['', 'Enseignant', '  ', 'B', '', '', '', '', '', '', '', '', ''], IMPORT_ERRORS.required, 'Nom'],
    [
      'another school',
      ['0010001W', 'Enseignant', 'A', 'B', '', '', '', '', '', '', '', '', ''],
      IMPORT_ERRORS.otherSchool,
      'UAI',
    ],
    ['a bad e-mail', ['', 'Enseignant', 'A', 'B', '', '', '', '', 'a@b', '', '', '', ''], IMPORT_ERRORS.invalidEmail, 'Mail'],
    [
      'a bad flag',
      ['', 'Enseignant', 'A', 'B', '', '', '', 'peut-être', '', '', '', '', ''],
      IMPORT_ERRORS.invalidFlag,
      'Mode admin',
    ],
    [
      'an option twice',
      ['', 'Enseignant', 'A', 'B', '', '', '', '', '', 'Latin', 'latin', '', ''],
      IMPORT_ERRORS.duplicateOption,
      'Option2',
    ],
    [
      'an application flag that is not 0 or 1',
      ['', 'Enseignant', 'A', 'B', '', '', '', '', '', '', '', '2', ''],
      IMPORT_ERRORS.invalidFlag,
      'Edulib',
    ],
    ['a NUL character', ['', 'Enseignant', 'A\u0000', 'B', '', '', '', '', '', '', '', '', ''], IMPORT_ERRORS.unsafeText, 'Nom'],
    [
      'a name too long',
      ['', 'Enseignant', 'A'.repeat(101), 'B', '', '', '', '', '', '', '', '', ''],
      IMPORT_ERRORS.tooLong,
      'Nom',
    ],
  ])('refuses %s, naming the line and the column', (_case, cells, msg, field) => {
    const check = checkImportTable('users_initial', table(HEADERS, cells), APPS, context);
    expect(check.lines).toEqual([]);
    expect(check.problems).toEqual([expect.objectContaining({ msg, line: 2, field })]);
  });

  it('finds a login given twice, whatever its case, naming the first line', () => {
    const row = (login: string) => ['', 'Enseignant', 'A', 'B', login, '', '', '', '', '', '', '', ''];
    const check = checkImportTable('users_initial', table(HEADERS, row('jdupont'), row('other'), row('JDupont')), APPS, context);
    expect(check.problems).toEqual([
      { msg: IMPORT_ERRORS.duplicateLogin, line: 4, field: 'Login', params: { login: 'JDupont', line: 2 } },
    ]);
  });

  it('reads past a column with neither a header nor a value, and refuses one holding values', () => {
    expect(
      checkImportTable('users_initial', table(['Profil', '', 'Nom', 'Prénom'], ['Enseignant', '', 'A', 'B']), APPS, context)
        .problems,
    ).toEqual([]);
    expect(
      checkImportTable('users_initial', table(['Profil', '', 'Nom', 'Prénom'], ['Enseignant', 'x', 'A', 'B']), APPS, context)
        .problems,
    ).toEqual([expect.objectContaining({ msg: IMPORT_ERRORS.unknownColumn, params: { header: '', position: 2 } })]);
  });

  it('reports a missing column alone, and the reader’s broken records by line', () => {
    expect(checkImportTable('users_initial', table(['Nom', 'Prénom'], ['A', 'B']), APPS, context).problems).toEqual([
      expect.objectContaining({ msg: IMPORT_ERRORS.missingColumn, line: 1 }),
    ]);
    const broken = {
      ...table(['Profil', 'Nom', 'Prénom'], ['Enseignant', 'A', 'B']),
      rowProblems: [{ line: 3, reason: 'unclosed_quote' as const }],
    };
    expect(checkImportTable('users_initial', broken, APPS, context).problems).toEqual([
      { msg: IMPORT_ERRORS.unclosedQuote, line: 3, field: null },
    ]);
  });
});

describe('checkImportTable: changes and teaching', () => {
  it('reads only the cells that hold a value as changes, and options as the whole new list', () => {
    const check = checkImportTable(
      'users_update',
      table(
        ['ID utilisateur', 'Login', 'Nom', 'Classe', 'Niveau', 'Option1'],
        ['12', 'new.login', '', '5B', 'Cinquième', ''],
        ['', 'jdupont', 'Dupont', '', '', 'Grec'],
      ),
      APPS,
      context,
    );
    expect(check.problems).toEqual([]);
    expect(check.lines).toEqual([
      {
        mode: 'users_update',
        line: 2,
        userId: 12,
        login: null,
        changes: { login: 'new.login', class: '5B', level: '5e' },
        options: [],
        applications: [],
      },
      {
        mode: 'users_update',
        line: 3,
        userId: null,
        login: 'jdupont',
        changes: { lastName: 'Dupont' },
        options: ['Grec'],
        applications: [],
      },
    ]);
  });

  it('refuses a line naming no user, a bad id and the same user twice', () => {
    const check = checkImportTable(
      'users_update',
      table(['ID utilisateur', 'Login', 'Classe'], ['', '', '5B'], ['12x', '', '5B'], ['12', '', '5A'], ['12', '', '5C']),
      APPS,
      context,
    );
    expect(check.problems).toEqual([
      expect.objectContaining({ msg: IMPORT_ERRORS.required, line: 2 }),
      expect.objectContaining({ msg: IMPORT_ERRORS.invalidUserId, line: 3 }),
      { msg: IMPORT_ERRORS.duplicateUser, line: 5, field: null, params: { line: 4 } },
    ]);
  });

  it('reads a teacher on several classes and disciplines, refusing the same assignment twice', () => {
    const check = checkImportTable(
      'teaching',
      table(
        ['Login', 'Nom', 'Classe', 'Discipline'],
        ['jdupont', 'Dupont', '6A', 'Mathématiques'],
        ['jdupont', 'Dupont', '5B', 'Mathématiques'],
        ['JDUPONT', 'Dupont', '6A', 'mathématiques'],
        ['jdupont', '', '', 'SVT'],
      ),
      APPS,
      context,
    );
    expect(check.lines.map((line) => line.line)).toEqual([2, 3, 4]);
    expect(check.problems).toEqual([
      { msg: IMPORT_ERRORS.duplicateUser, line: 4, field: null, params: { line: 2 } },
      expect.objectContaining({ msg: IMPORT_ERRORS.required, line: 5, field: 'Classe' }),
    ]);
  });
});
