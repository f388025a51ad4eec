import { describe, expect, it } from 'vitest';
import { levelOfClass, personKey, rosterFile, rosterRows, withoutLines } from './roster-lines.js';

const roster = {
  pupils: [
    { id: '1', lastname: 'Dupré', firstname: 'Zoé', className: '6EME A' },
    { id: '2', lastname: 'O"Neil; Jr', firstname: 'Luc', className: null },
  ],
  teachers: [{ id: '10', lastname: 'Prof', firstname: 'Ada', className: null }],
};

describe('an EcoleDirecte roster as an import file', () => {
  it.each([
    ['6EME A', '6e'],
    ['2NDE 1', '2nde'],
    ['TLE-G1', 'Tle'],
    ['CM2', 'CM2'],
    ['Atelier', ''],
    [null, ''],
  ])('reads the level of class %j as %j', (className, level) => {
    expect(levelOfClass(className)).toBe(level);
  });

  it('tells people apart by profile and names, whatever their case, accents and spaces', () => {
    expect(personKey('Eleve', 'DUPRE ', 'zoe')).toBe(personKey('Eleve', 'Dupré', 'Zoé'));
    expect(personKey('Eleve', 'Dupré', 'Zoé')).not.toBe(personKey('Enseignant', 'Dupré', 'Zoé'));
  });

  it('writes pupils then teachers, quoting what holds the separator or a quote, and skips those the school has', () => {
    const file = rosterFile(roster, new Set([personKey('Enseignant', 'PROF', 'Ada')]));
    expect(file.lines).toBe(2);
    expect(file.text.split('\r\n')).toEqual([
      'Profil;Nom;Prénom;Classe;Niveau',
      'Eleve;Dupré;Zoé;6EME A;6e',
      'Eleve;"O""Neil; Jr";Luc;;',
    ]);
  });

  it('empties lines and keeps the others at their numbers', () => {
    expect(withoutLines('h\r\na\r\nb\r\nc', new Set([3]))).toBe('h\r\na\r\n\r\nc');
  });

  it('lists everyone for the download, with the class, its level and the id', () => {
    expect([...rosterRows(roster)]).toEqual([
      ['Eleve', 'Dupré', 'Zoé', '6EME A', '6e', '1'],
      ['Eleve', 'O"Neil; Jr', 'Luc', '', '', '2'],
      ['Enseignant', 'Prof', 'Ada', '', '', '10'],
    ]);
  });
});
