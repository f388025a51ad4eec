import { users } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { buildGridColumns, countOptionColumns } from './users-grid.columns.js';

const applications = [
  { id: 7, name: 'Educadhoc', showsCode: true },
  { id: 3, name: 'Le Robert', showsCode: false },
];

describe('buildGridColumns', () => {
  const columns = buildGridColumns({ canEdit: true, canSeePasswords: true, optionColumnCount: 2, applications });
  const byKey = new Map(columns.map((column) => [column.key, column]));

  it('lists the fields in the spec’s order with their French labels, then the options, then each application and its code', () => {
    expect(columns.map((column) => column.label)).toEqual([
      'ID utilisateur',
      'N° import',
      'Mode admin',
      'UAI',
      'Nom',
      'Prénom',
      'Login',
      'Password',
      'Niveau',
      'Classe',
      'Désactivé',
      'Désactivé le',
      'Profil',
      'Verrouille',
      'Dernière connexion',
      'N° tablette',
      'Commentaire',
      'Matière',
      'Mail',
      'Plateformes',
      'Option1',
      'Option2',
      'Educadhoc',
      'Educadhoc-Code',
      'Le Robert',
      'Le Robert-Code',
    ]);
    expect(columns.slice(0, 20).map((column) => column.key)).toEqual([...users.FIELD_COLUMNS]);
    expect(columns.slice(20).map((column) => column.key)).toEqual([
      'option1',
      'option2',
      'application:7',
      'code:7',
      'application:3',
      'code:3',
    ]);
    for (const column of columns) expect(users.parseColumnKey(column.key)).not.toBeNull();
  });

  it.each([
    ['id', 'text', 'number', null],
    ['importNumber', 'text', 'number', null],
    ['adminMode', 'checkbox', 'boolean', 'informations'],
    ['lastname', 'text', 'text', 'informations'],
    ['login', 'text', 'text', null],
    ['password', 'text', 'text', null],
    ['level', 'combobox', 'text', 'informations'],
    ['className', 'combobox', 'text', 'informations'],
    ['disabled', 'checkbox', 'boolean', null],
    ['disabledAt', 'text', 'date', null],
    ['profile', 'combobox', 'text', 'informations'],
    ['locked', 'checkbox', 'boolean', null],
    ['lastLoginAt', 'text', 'date', null],
    ['subject', 'combobox', 'text', 'informations'],
    ['email', 'text', 'text', 'informations'],
    ['platforms', 'text', 'text', null],
    ['option1', 'combobox', 'set', 'options'],
    ['option2', 'combobox', 'none', 'options'],
    ['application:7', 'checkbox', 'boolean', 'applications'],
    ['code:7', 'text', 'text', 'applications'],
  ] as const)('%s is a %s column filtered as %s, edited through %s', (key, type, filter, modificationKey) => {
    expect(byKey.get(key)).toMatchObject({
      cellType: type,
      filterType: filter,
      modificationKey,
      editable: modificationKey !== null,
    });
  });

  it('hides technical columns and code columns of applications without a code by default', () => {
    const hidden = columns.filter((column) => !column.visible).map((column) => column.key);
    expect(hidden).toEqual(['id', 'importNumber', 'uai', 'disabledAt', 'locked', 'lastLoginAt', 'platforms', 'code:3']);
  });

  it('names the application of application and code columns', () => {
    expect(byKey.get('application:3')?.idApplication).toBe(3);
    expect(byKey.get('code:7')?.idApplication).toBe(7);
    expect(byKey.get('level')?.idApplication).toBeUndefined();
  });

  it('makes nothing editable without the right to edit, and leaves out Password without the right to see it', () => {
    const readOnly = buildGridColumns({ canEdit: false, canSeePasswords: false, optionColumnCount: 1, applications });
    expect(readOnly.every((column) => !column.editable)).toBe(true);
    expect(readOnly.map((column) => column.key)).not.toContain('password');
    expect(readOnly).toHaveLength(columns.length - 2);
  });
});

describe('countOptionColumns', () => {
  it.each([
    [0, 0, 1],
    [0, 5, 1],
    [2, 5, 3],
    [4, 5, 5],
    [5, 5, 5],
    [3, 0, 4],
  ])(
    'a school whose users have at most %i options out of %i has %i option columns',
    (maxUserOptions, schoolOptions, expected) => {
      expect(countOptionColumns(maxUserOptions, schoolOptions)).toBe(expected);
    },
  );
});
