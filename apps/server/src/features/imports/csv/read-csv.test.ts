import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { readCsv, type CsvEncoding, type CsvReadFailure, type CsvSeparator } from './read-csv.js';

const LIMITS = { maxLines: 1000 };
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const rowsOf = (rows: [number, ...string[]][]) => rows.map(([line, ...cells]) => ({ line, cells }));

function readTable(bytes: Uint8Array, limits = LIMITS) {
  const result = readCsv(bytes, limits);
  if (!result.ok) throw new Error(`unexpected failure ${JSON.stringify(result.failure)}`);
  return result.table;
}

function readFailure(bytes: Uint8Array, limits = LIMITS) {
  const result = readCsv(bytes, limits);
  if (result.ok) throw new Error('the file was read');
  return result.failure;
}

describe('readCsv over the fixtures', () => {
  it.each<[string, CsvEncoding, boolean, CsvSeparator, string[], [number, ...string[]][]]>([
    [
      'excel-semicolon-windows-1252.csv',
      'windows-1252',
      false,
      ';',
      ['Profil', 'Nom', 'Prénom', 'Login', 'Mot de passe', 'Niveau', 'Classe', 'Option1', 'Option2'],
      [
        [2, 'Eleve', 'Lefèvre', 'Élodie', '', '', '6EME', '6A', 'Anglais', 'Latin'],
        [3, 'Eleve', 'Cœur', 'François', '', '', '5EME', '5B', 'Espagnol', ''],
        [4, 'Eleve', 'D’Arc', 'Zoé', '', '', '4EME', '4C', 'Allemand', 'Grec ancien'],
        [5, 'Eleve', 'Benoît', 'Maëlle', 'maelle.benoit', '', '3EME', '3A', 'Italien', ''],
        [6, 'Enseignant', 'Prêtre', 'Jérôme', '', '', '', '', '', ''],
        [7, 'Enseignant', 'Garçon', 'Hélène', 'helene.garcon', 'Ch4ng3r!', '', '', '', ''],
        [8, 'Eleve', 'Rousseau', 'Anaïs', '', '', '6EME', '6B', 'Occitan', ''],
        [9, 'Personnel', 'Côté', 'Noël', '', '', '', '', '', ''],
      ],
    ],
    [
      'utf8-bom-comma.csv',
      'utf-8',
      true,
      ',',
      ['Profil', 'Nom', 'Prénom', 'Login', 'Niveau', 'Classe'],
      [
        [2, 'Eleve', 'Dupont', 'Chloé', '', '2NDE', '2nde 3'],
        [3, 'Enseignant', 'Nguyễn', 'Thảo', 'thao.nguyen', '', ''],
        [4, 'Eleve', 'Œuvray', 'Loïc', '', '1ERE', '1re 2'],
        [5, 'Eleve', 'Wałęsa', 'Łukasz', '', 'TLE', 'Tle 1'],
      ],
    ],
    [
      'quoted-commas.csv',
      'utf-8',
      false,
      ',',
      ['Profil', 'Nom', 'Prénom', 'Classe', 'Commentaire'],
      [
        [2, 'Eleve', 'Martin, dit "Tintin"', 'Paul', '6A', 'Allergies : arachides, lait'],
        [3, 'Eleve', 'Durand', 'Léa', '6A', 'Première ligne\ndeuxième ligne\ntroisième, avec virgule'],
        [6, 'Enseignant', 'Petit, Bernard', 'Jean', '', ''],
        [7, 'Eleve', 'Lambert', 'Inès', '6B', 'Aucun'],
      ],
    ],
    [
      'excel-unicode-text.csv',
      'utf-16le',
      true,
      '\t',
      ['Profil', 'Nom', 'Prénom', 'Niveau', 'Classe'],
      [
        [2, 'Eleve', 'Moreau', 'Agathe', '6EME', '6C'],
        [3, 'Eleve', 'Lœtitia', 'Sœur', '6EME', '6C'],
        [4, 'Enseignant', 'O’Brien', 'Seán', '', ''],
        [5, 'Eleve', 'Kowalczyk', 'Łucja', '5EME', '5A'],
      ],
    ],
    [
      'blank-lines.csv',
      'utf-8',
      false,
      ';',
      ['Profil', 'Nom', 'Prénom'],
      [
        [2, 'Eleve', 'Roux', 'Théo'],
        [4, 'Eleve', 'Blanc', 'Camille'],
        [7, 'Enseignant', 'Noir', 'Bérénice'],
      ],
    ],
  ])('%s: %s, BOM %s, separator %j', (name, encoding, hadBom, separator, headers, rows) => {
    expect(readTable(fixture(name))).toEqual({ encoding, hadBom, separator, headers, rows: rowsOf(rows), rowProblems: [] });
  });

  it.each([
    ['not-csv.csv', 'spreadsheet'],
    ['not-text.csv', 'not_text'],
  ])('%s fails with %s', (name, reason) => {
    expect(readFailure(fixture(name))).toEqual({ reason });
  });
});

describe('readCsv failures', () => {
  it.each<[string, Uint8Array, CsvReadFailure, number?]>([
    ['only whitespace', utf8('  \r\n\t\n \r'), { reason: 'empty' }],
    ['an empty header row', utf8(';;;\nEleve;Martin;Paul\n'), { reason: 'no_header', line: 1 }],
    ['a blank first line', utf8('\nProfil;Nom\nEleve;Martin\n'), { reason: 'no_header', line: 1 }],
    [
      'a header twice, in another case',
      utf8('Nom;Prénom; NOM \nMartin;Paul;Martin\n'),
      { reason: 'duplicate_header', line: 1, params: { header: 'NOM' } },
    ],
    ['accents kept apart', utf8('Prenom;Prénom;PRÉNOM\n'), { reason: 'duplicate_header', line: 1, params: { header: 'PRÉNOM' } }],
    [
      'a record past the limit',
      utf8('Nom;Prénom\nMartin;Paul\n\nDurand;"Léa\nAnne"\nPetit;Jean\nLambert;Inès\n'),
      { reason: 'too_many_lines', line: 6, params: { max: 2 } },
      2,
    ],
  ])('%s', (_name, bytes, failure, maxLines = LIMITS.maxLines) => {
    expect(readFailure(bytes, { maxLines })).toEqual(failure);
  });

  it('stops parsing at the first record over the limit', () => {
    const parse = Papa.parse;
    let steps = 0;
    const counting = (input: string, config: Papa.ParseConfig<string[]>) =>
      parse<string[]>(input, {
        ...config,
        step: (result, parser) => {
          steps++;
          config.step?.(result, parser);
        },
      });
    const spy = vi.spyOn(Papa, 'parse').mockImplementation(counting as typeof Papa.parse);
    try {
      const lines = Array.from({ length: 5_000 }, (_, index) => `Martin;Paul ${index}`);
      expect(readFailure(utf8(`Nom;Prénom\n${lines.join('\n')}\n`), { maxLines: 10 })).toMatchObject({ line: 12 });
    } finally {
      spy.mockRestore();
    }
    expect(steps).toBe(12);
  });

  it('reads up to the limit, blank records not counted', () => {
    const table = readTable(utf8('Nom;Prénom\nMartin;Paul\n\n;;\n  \nDurand;Léa\n\n'), { maxLines: 2 });
    expect(table.rows).toEqual(
      rowsOf([
        [2, 'Martin', 'Paul'],
        [6, 'Durand', 'Léa'],
      ]),
    );
  });
});

describe('readCsv separator', () => {
  it.each<[string, CsvSeparator, string[]]>([
    ['Nom,Prénom;Classe;Option', ';', ['Nom,Prénom', 'Classe', 'Option']],
    ['Nom;Prénom,Classe', ';', ['Nom', 'Prénom,Classe']],
    ['Nom,Prénom\tClasse', ',', ['Nom', 'Prénom\tClasse']],
    ['Nom,Prénom\tClasse\tOption', '\t', ['Nom,Prénom', 'Classe', 'Option']],
    ['"Nom; prénom; usage",Classe', ',', ['Nom; prénom; usage', 'Classe']],
    ['"Nom;\nde; famille",Classe', ',', ['Nom;\nde; famille', 'Classe']],
    ['Nom de famille', ';', ['Nom de famille']],
  ])('%j → %j', (header, separator, headers) => {
    expect(readTable(utf8(`${header}\n`))).toMatchObject({ separator, headers });
  });

  it('reads a cell the exports guarded against formulas as it was: the apostrophe is taken off (issue 31 §3)', () => {
    const table = readTable(utf8("Nom;Mot de passe;Commentaire\r\n'=1+2;'+pass;l'école\r\n"));
    expect(table.rows[0]!.cells).toEqual(['=1+2', '+pass', "l'école"]);
  });

  it('reads a one-column file, commas included', () => {
    expect(readTable(utf8('Nom\nMartin, Paul\n')).rows).toEqual(rowsOf([[2, 'Martin, Paul']]));
  });
});

describe('readCsv rows', () => {
  it.each<[string, string, string[], [number, ...string[]][], { line: number; reason: string }[]]>([
    ['trims cells and headers', ' Nom ; Prénom \n  Martin ;  Paul  ', ['Nom', 'Prénom'], [[2, 'Martin', 'Paul']], []],
    [
      'pads short records',
      'A;B;C\n1\n2;3\n',
      ['A', 'B', 'C'],
      [
        [2, '1', '', ''],
        [3, '2', '3', ''],
      ],
      [],
    ],
    ['drops extra empty cells', 'A;B\n1;2;; ;\n', ['A', 'B'], [[2, '1', '2']], []],
    ['drops trailing empty headers', 'A;B;;\n1;2;;\n', ['A', 'B'], [[2, '1', '2']], []],
    ['keeps empty headers between names', 'A;;;B\n1;2;3;4\n', ['A', '', '', 'B'], [[2, '1', '2', '3', '4']], []],
    ['reports extra cells', 'A;B\n1;2;3\n4;5\n', ['A', 'B'], [[3, '4', '5']], [{ line: 2, reason: 'too_many_cells' }]],
    [
      'reports a quote left open at its first line',
      'A;B\n1;2\n3;"open\n4;5\n',
      ['A', 'B'],
      [[2, '1', '2']],
      [{ line: 3, reason: 'unclosed_quote' }],
    ],
    [
      'counts line breaks inside quotes, CRLF, LF and lone CR',
      'A;B\r\n"x\r\ny";1\r"z\rw";2\n\n3;"4\n\n"\r\n5;6',
      ['A', 'B'],
      [
        [2, 'x\ny', '1'],
        [4, 'z\nw', '2'],
        [7, '3', '4'],
        [10, '5', '6'],
      ],
      [],
    ],
    [
      'reports a quote left open in the header',
      '"Nom;Prénom\nMartin;Paul\n',
      ['Nom;Prénom\nMartin;Paul'],
      [],
      [{ line: 1, reason: 'unclosed_quote' }],
    ],
    ['keeps doubled quotes as one', 'A;B\n"""Tintin""";"a;b"\n', ['A', 'B'], [[2, '"Tintin"', 'a;b']], []],
  ])('%s', (_name, text, headers, rows, rowProblems) => {
    expect(readTable(utf8(text))).toMatchObject({ headers, rows: rowsOf(rows), rowProblems });
  });
});

describe('readCsv on 10,000 lines of 60 columns', () => {
  const COLUMNS = 60;
  const LINES = 10_000;
  const names = ['Élodie;Lefèvre', 'François;Cœur', 'Zoé;D’Arc', 'Maëlle;Benoît', 'Noël;Côté'];

  function buildExcelExport(): Uint8Array {
    const header = ['Profil', 'Prénom', 'Nom', ...Array.from({ length: COLUMNS - 3 }, (_, index) => `Option${index + 1}`)];
    const lines = [header.join(';')];
    for (let index = 0; index < LINES; index++) {
      const options = Array.from({ length: COLUMNS - 3 }, (_, column) => (column % 3 === 0 ? `Opt ${index}-${column}` : ''));
      if (index === 500) options[0] = '"Première ligne\r\nseconde; ligne"';
      lines.push(['Eleve', names[index % names.length], ...options].join(';'));
    }
    return iconv.encode(`${lines.join('\r\n')}\r\n;;;;\r\n`, 'windows-1252');
  }

  // Its speed is a figure of the import benchmark (bench/), never asserted here.
  it('reads every row with its line and cells', () => {
    const table = readTable(buildExcelExport(), { maxLines: LINES });

    expect(table).toMatchObject({ encoding: 'windows-1252', separator: ';', rowProblems: [] });
    expect(table.headers).toHaveLength(COLUMNS);
    expect(table.rows).toHaveLength(LINES);
    expect(table.rows[500]?.line).toBe(502);
    expect(table.rows[500]?.cells.slice(0, 4)).toEqual(['Eleve', 'Élodie', 'Lefèvre', 'Première ligne\nseconde; ligne']);
    expect(table.rows[9_999]?.line).toBe(10_002);
    expect(table.rows[9_999]?.cells.slice(0, 5)).toEqual(['Eleve', 'Noël', 'Côté', 'Opt 9999-0', '']);
    expect(table.rows[9_999]?.cells[57]).toBe('Opt 9999-54');
  });
});
