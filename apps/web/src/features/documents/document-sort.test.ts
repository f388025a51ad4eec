import { describe, expect, it } from 'vitest';
import { filterDocuments, nextSort, sortDocuments, type DocumentSort } from './document-sort';
import { buildDocument } from './test-factories';

const names = (files: readonly { name: string }[]) => files.map((file) => file.name);

const ETE = buildDocument(1, 'Été 2026.pdf', {
  size: 5000,
  date: '2026-03-01T08:00:00.000Z',
  uploadedBy: { firstname: 'Zoé', lastname: 'DUPRÉ', profile: 'Direction' },
  schools: ['0750002B'],
});
const AGENDA = buildDocument(2, 'agenda.pdf', {
  size: 200,
  date: '2026-01-01T08:00:00.000Z',
  uploadedBy: { firstname: 'Anne', lastname: 'ÉMERY', profile: 'Administrateur' },
  schools: ['all'],
});
const CHARTE = buildDocument(3, 'Charte.pdf', {
  size: 90_000,
  date: '2026-02-01T08:00:00.000Z',
  uploadedBy: { firstname: 'Luc', lastname: 'DURAND', profile: 'Administrateur' },
  schools: [],
});
const FILES = [ETE, AGENDA, CHARTE];

describe('the sort of the document manager', () => {
  it('cycles a column none, ascending, descending, and starts another column ascending', () => {
    let sort: DocumentSort = null;
    sort = nextSort(sort, 'name');
    expect(sort).toEqual({ column: 'name', direction: 'ascending' });
    sort = nextSort(sort, 'name');
    expect(sort).toEqual({ column: 'name', direction: 'descending' });
    expect(nextSort(sort, 'size')).toEqual({ column: 'size', direction: 'ascending' });
    expect(nextSort(sort, 'name')).toBeNull();
  });

  it('sorts names in French order, accents and case aside', () => {
    expect(names(sortDocuments(FILES, { column: 'name', direction: 'ascending' }))).toEqual([
      'agenda.pdf',
      'Charte.pdf',
      'Été 2026.pdf',
    ]);
    expect(names(sortDocuments(FILES, { column: 'name', direction: 'descending' }))).toEqual([
      'Été 2026.pdf',
      'Charte.pdf',
      'agenda.pdf',
    ]);
  });

  it('sorts by size, sender (last name, then first name), schools (every school first, none last) and date', () => {
    expect(names(sortDocuments(FILES, { column: 'size', direction: 'ascending' }))).toEqual([
      'agenda.pdf',
      'Été 2026.pdf',
      'Charte.pdf',
    ]);
    expect(names(sortDocuments(FILES, { column: 'uploadedBy', direction: 'ascending' }))).toEqual([
      'Été 2026.pdf',
      'Charte.pdf',
      'agenda.pdf',
    ]);
    expect(names(sortDocuments(FILES, { column: 'schools', direction: 'ascending' }))).toEqual([
      'agenda.pdf',
      'Été 2026.pdf',
      'Charte.pdf',
    ]);
    expect(names(sortDocuments(FILES, { column: 'date', direction: 'descending' }))).toEqual([
      'Été 2026.pdf',
      'Charte.pdf',
      'agenda.pdf',
    ]);
  });

  it('keeps the order the server answered without a sort, and ties in that order both ways', () => {
    expect(sortDocuments(FILES, null)).toBe(FILES);
    const twins = [buildDocument(7, 'b.pdf', { size: 10 }), buildDocument(8, 'a.pdf', { size: 10 })];
    expect(names(sortDocuments(twins, { column: 'size', direction: 'ascending' }))).toEqual(['b.pdf', 'a.pdf']);
    expect(names(sortDocuments(twins, { column: 'size', direction: 'descending' }))).toEqual(['b.pdf', 'a.pdf']);
  });
});

describe('the search of the document manager', () => {
  it('finds names holding the text, accents and case aside', () => {
    expect(names(filterDocuments(FILES, 'ETE'))).toEqual(['Été 2026.pdf']);
    expect(names(filterDocuments(FILES, '  charte '))).toEqual(['Charte.pdf']);
    expect(names(filterDocuments(FILES, '.PDF'))).toEqual(['Été 2026.pdf', 'agenda.pdf', 'Charte.pdf']);
    expect(filterDocuments(FILES, 'zzz')).toEqual([]);
  });

  it('keeps every document for an empty search', () => {
    expect(filterDocuments(FILES, '   ')).toBe(FILES);
  });
});
