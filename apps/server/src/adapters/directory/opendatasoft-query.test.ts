import { describe, expect, it } from 'vitest';
import { REAL_RECORD } from '#test/fakes/education-directory-records.js';
import { buildSearchWhere, buildUaiWhere, parseDirectoryRecord, quoteLiteral } from './opendatasoft-query.js';

describe('quoteLiteral', () => {
  it.each([
    ['Vinci', '"Vinci"'],
    ['l"école', '"l\\"école"'],
    ['a\\b', '"a\\\\b"'],
    ['\\"', '"\\\\\\""'],
    ["d'Alembert", '"d\'Alembert"'],
  ])('quotes %s as %s', (input, expected) => {
    expect(quoteLiteral(input)).toBe(expected);
  });
});

describe('buildSearchWhere', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['vinci', '(suggest(nom_etablissement, "vinci") OR suggest(nom_commune, "vinci"))'],
    [
      ' lycée   melun ',
      '(suggest(nom_etablissement, "lycée") OR suggest(nom_commune, "lycée")) AND (suggest(nom_etablissement, "melun") OR suggest(nom_commune, "melun"))',
    ],
    ['0770934x', 'identifiant_de_l_etablissement="0770934X"'],
    [
      'lycée 0770934X',
      '(suggest(nom_etablissement, "lycée") OR suggest(nom_commune, "lycée")) AND identifiant_de_l_etablissement="0770934X"',
    ],
    ['vinci vinci', '(suggest(nom_etablissement, "vinci") OR suggest(nom_commune, "vinci"))'],
    ['"les', '(suggest(nom_etablissement, "\\"les") OR suggest(nom_commune, "\\"les"))'],
    [
      'x") OR true OR ("',
      '(suggest(nom_etablissement, "x\\")") OR suggest(nom_commune, "x\\")")) AND (suggest(nom_etablissement, "OR") OR suggest(nom_commune, "OR")) AND (suggest(nom_etablissement, "true") OR suggest(nom_commune, "true")) AND (suggest(nom_etablissement, "(\\"") OR suggest(nom_commune, "(\\""))',
    ],
  ])('builds the where clause of %j', (text, expected) => {
    expect(buildSearchWhere(text)).toBe(expected);
  });

  it('keeps at most eight words', () => {
    expect(buildSearchWhere('a b c d e f g h i j')?.match(/suggest\(nom_etablissement/g)).toHaveLength(8);
  });

  it('builds the lookup of a UAI in upper case', () => {
    expect(buildUaiWhere(' 0770934x ')).toBe('identifiant_de_l_etablissement="0770934X"');
  });
});

describe('parseDirectoryRecord', () => {
  it('keeps the ten fields of the real record and ignores the others', () => {
    expect(parseDirectoryRecord(REAL_RECORD)).toEqual({
      identifiant_de_l_etablissement: '0770934X',
      nom_etablissement: 'Lycée polyvalent Léonard de Vinci',
      nom_commune: 'Melun',
      statut_public_prive: 'Public',
      code_postal: '77000',
      libelle_departement: 'Seine-et-Marne',
      libelle_region: 'Ile-de-France',
      adresse_1: '2 bis rue Edouard Branly',
      latitude: 48.55108679994959,
      longitude: 2.659903143940967,
    });
  });

  it('reads numbers as text, numeric strings as coordinates, and restores a postal code’s leading zero', () => {
    expect(
      parseDirectoryRecord({
        identifiant_de_l_etablissement: '0011125t',
        nom_etablissement: ' Collège Louis Dumont ',
        code_postal: 1000,
        nom_commune: 42,
        latitude: '46.2052',
        longitude: 'east',
      }),
    ).toEqual({
      identifiant_de_l_etablissement: '0011125T',
      nom_etablissement: 'Collège Louis Dumont',
      nom_commune: '42',
      statut_public_prive: null,
      code_postal: '01000',
      libelle_departement: null,
      libelle_region: null,
      adresse_1: null,
      latitude: 46.2052,
      longitude: null,
    });
  });

  it.each([
    ['an invalid check letter', { identifiant_de_l_etablissement: '0351234A', nom_etablissement: 'Lycée' }],
    ['a malformed UAI', { identifiant_de_l_etablissement: '351234B', nom_etablissement: 'Lycée' }],
    ['no UAI', { nom_etablissement: 'Lycée' }],
    ['a numeric UAI', { identifiant_de_l_etablissement: 3512340, nom_etablissement: 'Lycée' }],
    ['no name', { identifiant_de_l_etablissement: '0351234B', nom_etablissement: null }],
    ['a blank name', { identifiant_de_l_etablissement: '0351234B', nom_etablissement: '  ' }],
  ])('drops a record with %s', (_case, raw) => {
    expect(parseDirectoryRecord(raw)).toBeUndefined();
  });

  it('keeps a record whose coordinates are out of range, without them', () => {
    const record = parseDirectoryRecord({
      identifiant_de_l_etablissement: '0351234B',
      nom_etablissement: 'Lycée',
      latitude: 123,
      longitude: -181,
    });
    expect(record).toMatchObject({ identifiant_de_l_etablissement: '0351234B', latitude: null, longitude: null });
  });

  it.each([null, 'text', 12, []])('drops %j, which is not a record', (raw) => {
    expect(parseDirectoryRecord(raw)).toBeUndefined();
  });
});
