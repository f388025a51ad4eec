import { readFileSync } from 'node:fs';
import { imports } from '@console/contract';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { checkImportFile } from './check-file.js';

/**
 * The import check over files as schools send them (csv/fixtures/, see its README): how each is
 * read, and what the check says of each line.
 */
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./csv/fixtures/${name}`, import.meta.url)));
const APPS = [
  { idApplication: 3, name: 'Lelivrescolaire.fr' },
  { idApplication: 7, name: 'Edulib' },
];
const UAI = '0690002B';
const LIMITS = { maxLines: 10_000 };
const check = (bytes: Uint8Array, mode: imports.ImportMode = 'users_initial') =>
  checkImportFile(bytes, mode, APPS, { uai: UAI }, LIMITS);
const { IMPORT_ERRORS } = imports;

const names = (result: ReturnType<typeof check>) =>
  result.lines.flatMap((line) =>
    line.mode === 'users_initial' ? [`${line.informations.firstName} ${line.informations.lastName}`] : [],
  );

describe('checkImportFile over real-looking files', () => {
  it('reads an Excel semicolon export in Windows-1252: accents, œ and ’ intact, levels as the product writes them, an unknown profile refused', () => {
    const result = check(fixture('excel-semicolon-windows-1252.csv'));
    expect(result.format).toEqual({ encoding: 'windows-1252', separator: ';' });
    expect(names(result)).toEqual([
      'Élodie Lefèvre',
      'François Cœur',
      'Zoé D’Arc',
      'Maëlle Benoît',
      'Jérôme Prêtre',
      'Hélène Garçon',
      'Anaïs Rousseau',
    ]);
    const pupil = result.lines[0];
    expect(pupil).toMatchObject({
      line: 2,
      informations: { profile: 'Eleve', level: '6e', class: '6A' },
      options: ['Anglais', 'Latin'],
    });
    expect(result.lines[5]).toMatchObject({
      line: 7,
      informations: { login: 'helene.garcon', password: 'Ch4ng3r!', level: null },
    });
    expect(result.problems).toEqual([
      { msg: IMPORT_ERRORS.unknownProfile, line: 9, field: 'Profil', params: { profile: 'Personnel' } },
    ]);
  });

  it.each([
    ['utf8-bom-comma.csv', 'utf-8', ',', ['Chloé Dupont', 'Thảo Nguyễn', 'Loïc Œuvray', 'Łukasz Wałęsa']],
    ['excel-unicode-text.csv', 'utf-16le', '\t', ['Agathe Moreau', 'Sœur Lœtitia', 'Seán O’Brien', 'Łucja Kowalczyk']],
  ])('reads %s (%s, %j) without a problem', (file, encoding, separator, expected) => {
    const result = check(fixture(file));
    expect(result.format).toEqual({ encoding, separator });
    expect(result.problems).toEqual([]);
    expect(names(result)).toEqual(expected);
  });

  it('reads past blank lines, lines of spaces and of separators, with lone CR line endings, keeping the lines of the file', () => {
    const result = check(fixture('blank-lines.csv'));
    expect(result.format).toEqual({ encoding: 'utf-8', separator: ';' });
    expect(names(result)).toEqual(['Bérénice Noir']);
    // The pupils of this file have no level: each is named on its own line.
    expect(result.problems).toEqual([
      { msg: IMPORT_ERRORS.required, line: 2, field: 'Niveau' },
      { msg: IMPORT_ERRORS.required, line: 4, field: 'Niveau' },
    ]);
    expect(result.lines.map((line) => line.line)).toEqual([7]);
  });

  it('reads quoted commas, doubled quotes and a comment over three lines, keeping the lines of the file', () => {
    // Its pupils have no level: each is named on the line it starts on (the third after the comment over three lines).
    const result = check(fixture('quoted-commas.csv'));
    expect(result.problems).toEqual([
      { msg: IMPORT_ERRORS.required, line: 2, field: 'Niveau' },
      { msg: IMPORT_ERRORS.required, line: 3, field: 'Niveau' },
      { msg: IMPORT_ERRORS.required, line: 7, field: 'Niveau' },
    ]);
    expect(result.lines).toEqual([
      expect.objectContaining({
        line: 6,
        informations: expect.objectContaining({ lastName: 'Petit, Bernard', firstName: 'Jean', class: null, comment: null }),
      }),
    ]);
  });

  it('names each login given twice (whatever its case) and each repeated line, with the first line', () => {
    expect(check(fixture('duplicated-logins.csv')).problems).toEqual([
      { msg: IMPORT_ERRORS.duplicateLogin, line: 4, field: 'Login', params: { login: 'HUGO.MARTIN', line: 2 } },
      { msg: IMPORT_ERRORS.duplicateLogin, line: 6, field: 'Login', params: { login: 'lou.petit', line: 5 } },
    ]);
  });

  it('names the missing required column, once', () => {
    expect(check(fixture('missing-columns.csv')).problems).toEqual([
      { msg: IMPORT_ERRORS.missingColumn, line: 1, field: 'Profil', params: { column: 'Profil' } },
    ]);
  });

  it('names each unknown level with its line, and reads the spellings of known ones', () => {
    const result = check(fixture('unknown-level.csv'));
    expect(result.problems).toEqual([
      { msg: IMPORT_ERRORS.unknownLevel, line: 3, field: 'Niveau', params: { level: 'Septième' } },
      { msg: IMPORT_ERRORS.unknownLevel, line: 4, field: 'Niveau', params: { level: 'CM3' } },
    ]);
    expect(result.lines.map((line) => line.mode === 'users_initial' && line.informations.level)).toEqual(['6e', 'Tle']);
  });

  it.each([
    ['not-csv.csv', IMPORT_ERRORS.spreadsheet],
    ['not-text.csv', IMPORT_ERRORS.notText],
  ])('says what %s is instead of a CSV', (file, msg) => {
    expect(check(fixture(file))).toEqual({
      lines: [],
      ignoredColumns: [],
      problems: [{ msg, line: 1, field: null }],
      format: null,
    });
  });

  it('refuses a file past the line limit, naming the limit', () => {
    const bytes = new TextEncoder().encode(`Profil;Nom;Prénom\n${'Enseignant;A;B\n'.repeat(11)}`);
    expect(checkImportFile(bytes, 'users_initial', APPS, { uai: UAI }, { maxLines: 10 }).problems).toEqual([
      expect.objectContaining({ msg: IMPORT_ERRORS.tooManyLines, params: { max: 10 } }),
    ]);
  });
});

describe('checkImportFile on 10,000 lines of 60 columns', () => {
  it('reads every line, with the applications and options it gives, and reports the one bad line', () => {
    const optionHeaders = Array.from({ length: 50 }, (_, index) => `Option${index + 1}`);
    const header = [
      'UAI',
      'Profil',
      'Nom',
      'Prénom',
      'Login',
      'Mot de passe',
      'Niveau',
      'Classe',
      'Edulib',
      'Edulib-Code',
      ...optionHeaders,
    ];
    const rows = Array.from({ length: 10_000 }, (_, index) => {
      const options = optionHeaders.map((_, column) => (column < 3 ? `Option ${column + 1}` : ''));
      const level = index === 7_000 ? 'Huitième' : ['6ème', '5e', '4EME', '3e'][index % 4];
      return [
        UAI,
        'Eleve',
        `Nom${index}`,
        `Élève${index}`,
        `eleve.${index}`,
        '',
        level,
        `${index % 30}`,
        '1',
        `K-${index}`,
        ...options,
      ].join(';');
    });
    const bytes = iconv.encode([header.join(';'), ...rows].join('\r\n'), 'windows-1252');
    const result = check(bytes);
    expect(result.problems).toEqual([
      { msg: IMPORT_ERRORS.unknownLevel, line: 7_002, field: 'Niveau', params: { level: 'Huitième' } },
    ]);
    expect(result.lines).toHaveLength(9_999);
    expect(result.lines[9_998]).toMatchObject({
      line: 10_001,
      informations: { firstName: 'Élève9999', login: 'eleve.9999', level: '3e' },
      options: ['Option 1', 'Option 2', 'Option 3'],
      applications: [{ idApplication: 7, etat: 1, code: 'K-9999' }],
    });
  });
});
