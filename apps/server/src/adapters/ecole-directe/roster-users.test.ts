import { describe, expect, it } from 'vitest';
import { parsePupils, parseTeachers } from './roster-users.js';

const pupil = {
  id: 4101,
  civilite: '',
  nom: ' MARTIN ',
  prenom: 'Léa ',
  type: 'E',
  profil: 'E',
  idClasse: 12,
  libelleClasse: ' 6EME A ',
  otp: '',
  dejaConnecte: false,
  badge: '',
  photo: '',
};

describe('parsePupils', () => {
  it('maps the id as text, the trimmed names and class, and ignores the other fields', () => {
    expect(parsePupils({ utilisateurs: [pupil] })).toEqual([
      { id: '4101', lastname: 'MARTIN', firstname: 'Léa', className: '6EME A' },
    ]);
  });

  it.each([
    ['an empty class', { libelleClasse: '' }],
    ['a blank class', { libelleClasse: '  ' }],
    ['a null class', { libelleClasse: null }],
    ['no class', { libelleClasse: undefined }],
  ])('reads %s as null', (_case, change) => {
    expect(parsePupils({ utilisateurs: [{ ...pupil, ...change }] })?.[0]?.className).toBeNull();
  });

  it('reads a string id, and answers an empty directory as no one', () => {
    expect(parsePupils({ utilisateurs: [{ ...pupil, id: ' E41 ' }] })?.[0]?.id).toBe('E41');
    expect(parsePupils({ utilisateurs: [] })).toEqual([]);
  });

  it.each([
    ['no last name', { nom: undefined }],
    ['a blank last name', { nom: '  ' }],
    ['a null first name', { prenom: null }],
    ['no id', { id: undefined }],
    ['a blank id', { id: ' ' }],
    ['a fractional id', { id: 1.5 }],
    ['a numeric class', { libelleClasse: 6 }],
  ])('refuses the whole list for an item with %s', (_case, change) => {
    expect(parsePupils({ utilisateurs: [pupil, { ...pupil, ...change }] })).toBeUndefined();
  });

  it.each([null, [], {}, { utilisateurs: null }, { utilisateurs: [null] }])('refuses data %j', (data) => {
    expect(parsePupils(data)).toBeUndefined();
  });
});

describe('parseTeachers', () => {
  it('maps teachers with no class, even when the item names one', () => {
    expect(
      parseTeachers({
        utilisateurs: [
          { id: 230, civilite: 'Mme', nom: 'LEROY', prenom: ' Claire' },
          { id: 231, nom: 'FOURNIER', prenom: 'Marc', libelleClasse: '6EME A' },
        ],
      }),
    ).toEqual([
      { id: '230', lastname: 'LEROY', firstname: 'Claire', className: null },
      { id: '231', lastname: 'FOURNIER', firstname: 'Marc', className: null },
    ]);
  });

  it('refuses the whole list for an item without a last name', () => {
    expect(parseTeachers({ utilisateurs: [{ id: 230, nom: null, prenom: 'Claire' }] })).toBeUndefined();
  });
});
