import { REQUIRED, users } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { buildApplicationEdit, buildFieldEdit, buildOptionsEdit } from './edit-requests';

const SCHOOL_OPTIONS = [
  { idOption: 11, name: 'Latin' },
  { idOption: 12, name: 'Grec' },
  { idOption: 13, name: 'Théâtre' },
];

describe('grid edit requests', () => {
  it.each([[''], ['   '], [null]])('refuse a level of %j as required', (value) => {
    expect(buildFieldEdit('level', value)).toEqual({ isValid: false, message: REQUIRED });
  });

  it('send one trimmed field of informations', () => {
    expect(buildFieldEdit('level', ' 5e ')).toEqual({ isValid: true, body: { key: 'informations', value: { level: '5e' } } });
    expect(buildFieldEdit('comment', null)).toEqual({ isValid: true, body: { key: 'informations', value: { comment: null } } });
    expect(buildFieldEdit('adminMode', 1)).toEqual({ isValid: true, body: { key: 'informations', value: { adminMode: 1 } } });
    expect(buildFieldEdit('tabletNumber', '1234567890123')).toEqual({ isValid: false, message: users.TABLET_NUMBER_LENGTH });
    expect(buildFieldEdit('login', 'other')).toEqual({ isValid: false, message: 'global.errors.occurred' });
  });

  it('clean first and last names by the school rules, as the add-user panel and the server do', () => {
    const rules = {
      firstname: { structure: "[a-zA-ZÀ-ÿ' -]", special: "- '", conversion: 'FIRSTMAJ' },
      lastname: { structure: '[A-Z -]', special: '- ', conversion: 'MAJ' },
    };
    expect(buildFieldEdit('lastname', '  de  la Fontaine2 ', rules)).toEqual({
      isValid: true,
      body: { key: 'informations', value: { lastname: 'DE LA FONTAINE' } },
    });
    expect(buildFieldEdit('lastname', 'Éloïse', rules)).toEqual({
      isValid: true,
      body: { key: 'informations', value: { lastname: 'ELOISE' } },
    });
    expect(buildFieldEdit('firstname', "jean--pierre l'ours", rules)).toEqual({
      isValid: true,
      body: { key: 'informations', value: { firstname: "Jean-Pierre L'Ours" } },
    });
    expect(buildFieldEdit('lastname', '123', rules)).toEqual({ isValid: false, message: REQUIRED });
    // Other fields are not names: sent as typed (trimmed).
    expect(buildFieldEdit('comment', 'Élève 2 !', rules)).toEqual({
      isValid: true,
      body: { key: 'informations', value: { comment: 'Élève 2 !' } },
    });
  });

  it('send the whole new option list in order', () => {
    expect(buildOptionsEdit(['Latin', 'Grec'], 2, 'Théâtre', SCHOOL_OPTIONS)).toEqual({
      isValid: true,
      body: {
        key: 'options',
        value: [
          { idOption: 11, ordre: 1 },
          { idOption: 13, ordre: 2 },
        ],
      },
    });
    expect(buildOptionsEdit(['Latin'], 3, 'Grec', SCHOOL_OPTIONS)).toEqual({
      isValid: true,
      body: {
        key: 'options',
        value: [
          { idOption: 11, ordre: 1 },
          { idOption: 12, ordre: 2 },
        ],
      },
    });
    expect(buildOptionsEdit(['Latin', 'Grec'], 1, '', SCHOOL_OPTIONS)).toEqual({
      isValid: true,
      body: { key: 'options', value: [{ idOption: 12, ordre: 1 }] },
    });
  });

  it('refuse an option the user has already', () => {
    expect(buildOptionsEdit(['Latin', 'Grec'], 2, 'Latin', SCHOOL_OPTIONS)).toEqual({
      isValid: false,
      message: users.DUPLICATE_OPTION,
    });
    expect(buildOptionsEdit(['Latin'], 2, 'Latin', SCHOOL_OPTIONS)).toEqual({ isValid: false, message: users.DUPLICATE_OPTION });
  });

  it('send an application with its status and only the credentials given', () => {
    expect(buildApplicationEdit(4, 1, { login: 'jdoe', keys: 'K-1' })).toEqual({
      isValid: true,
      body: {
        key: 'applications',
        value: { informations: { idApplication: 4, status: 1, loginPlateforme: 'jdoe', keys: 'K-1' } },
      },
    });
    expect(buildApplicationEdit(4, 2, { keys: null })).toEqual({
      isValid: true,
      body: { key: 'applications', value: { informations: { idApplication: 4, status: 2, keys: null } } },
    });
  });
});
