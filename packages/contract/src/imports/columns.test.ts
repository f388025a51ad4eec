import { describe, expect, it } from 'vitest';
import { headerKey, mapImportColumns } from './columns.js';
import { IMPORT_ERRORS } from './problems.js';

const APPS = [
  { idApplication: 4, name: 'Lelivrescolaire.fr' },
  { idApplication: 7, name: 'Edulib' },
];

describe('headerKey', () => {
  it.each([
    ['Prénom', 'prenom'],
    [' PRENOM ', 'prenom'],
    ['N° tablette', 'ntablette'],
    ['Mot de passe', 'motdepasse'],
    ['Lelivrescolaire.fr-Code', 'lelivrescolairefrcode'],
  ])('%j → %j', (header, key) => expect(headerKey(header)).toBe(key));
});

describe('mapImportColumns', () => {
  it('reads the fields whatever their case and accents, options by number, and an application with its credentials', () => {
    const { columns, problems } = mapImportColumns(
      'users_initial',
      [
        'PROFIL',
        'nom',
        'Prenom',
        'Option2',
        'Mot de passe',
        'Option1',
        'Edulib',
        'Edulib-Code',
        'EDULIB login',
        'Dernière connexion',
      ],
      APPS,
    );
    expect(problems).toEqual([]);
    expect(columns.fields).toEqual({ profile: 0, lastName: 1, firstName: 2, password: 4 });
    expect(columns.options).toEqual([5, 3]);
    expect(columns.applications).toEqual([{ idApplication: 7, name: 'Edulib', etat: 6, code: 7, login: 8, password: null }]);
  });

  it('reads the Full export’s application columns and the Brut export’s names, and names the columns it reads past', () => {
    const { columns, problems } = mapImportColumns(
      'users_update',
      [
        'id',
        'class_name',
        'tablet_number',
        'option1',
        'Edulib - Login',
        'Edulib - Password',
        'Edulib - Code',
        'Edulib - Statut',
        'Désactivé',
        'created_at',
      ],
      APPS,
    );
    expect(problems).toEqual([]);
    expect(columns.fields).toEqual({ userId: 0, class: 1, tabletNumber: 2 });
    expect(columns.options).toEqual([3]);
    expect(columns.applications).toEqual([{ idApplication: 7, name: 'Edulib', etat: 7, login: 4, password: 5, code: 6 }]);
    expect(columns.ignored).toEqual(['Désactivé', 'created_at']);
  });

  it('refuses an application’s state given twice, by its name and by its status', () => {
    expect(mapImportColumns('users_update', ['Login', 'Edulib', 'Edulib - Statut'], APPS).problems).toEqual([
      expect.objectContaining({ msg: IMPORT_ERRORS.duplicateColumn, params: { header: 'Edulib - Statut', first: 'Edulib' } }),
    ]);
  });

  it.each([
    ['users_initial', ['Nom', 'Prénom'], [{ msg: IMPORT_ERRORS.missingColumn, params: { column: 'Profil' } }]],
    ['users_update', ['Nom', 'Classe'], [{ msg: IMPORT_ERRORS.missingKeyColumn, params: { columns: 'ID utilisateur / Login' } }]],
    ['teaching', ['Login', 'Classe'], [{ msg: IMPORT_ERRORS.missingColumn, params: { column: 'Discipline' } }]],
  ] as const)('%s: names the missing columns', (mode, headers, expected) => {
    expect(mapImportColumns(mode, headers, APPS).problems).toEqual(
      expected.map((problem) => expect.objectContaining({ line: 1, ...problem })),
    );
  });

  it('refuses an unknown column, a column read twice, and the catalogue in a teaching file', () => {
    expect(mapImportColumns('users_initial', ['Profil', 'Nom', 'Prénom', 'Remarques', 'NOM'], APPS).problems).toEqual([
      expect.objectContaining({ msg: IMPORT_ERRORS.unknownColumn, params: { header: 'Remarques', position: 4 } }),
      expect.objectContaining({ msg: IMPORT_ERRORS.duplicateColumn, params: { header: 'NOM', first: 'Nom' } }),
    ]);
    expect(mapImportColumns('teaching', ['Login', 'Classe', 'Discipline', 'Edulib', 'Mot de passe'], APPS).problems).toEqual([
      expect.objectContaining({ msg: IMPORT_ERRORS.columnNotInMode, field: 'Edulib' }),
      expect.objectContaining({ msg: IMPORT_ERRORS.columnNotInMode, field: 'Mot de passe' }),
    ]);
  });
});
