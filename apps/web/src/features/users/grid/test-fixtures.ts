import { users, type ColumnDefinition, type GridColumn, type SchoolUser } from '@console/contract';
import {
  buildSchool,
  buildSchoolApplication,
  buildSchoolPlatform,
  buildSchoolUser,
  type SchoolOverrides,
  type SchoolWithUsers,
} from '../test-factories';

/** Test data for the users grid: a school's catalogue, users and column definitions (as `GET /users/headers` answers them). */

function field(
  ColonneBDD: string,
  ColonneAffichee: string,
  TypeColonne: users.ColumnType,
  TypeFiltre: users.FilterType,
  isEditable: boolean,
  Visible = true,
): ColumnDefinition {
  return {
    ColonneAffichee,
    ColonneBDD,
    TypeColonne,
    TypeFiltre,
    Visible,
    Editable: isEditable,
    modificationKey: isEditable ? 'informations' : null,
  };
}

export const QUIZEO = buildSchoolApplication({ idApplication: 2, name: 'Quizeo', platformId: 'QUIZ' });
export const KNE = buildSchoolApplication({
  idApplication: 4,
  name: 'Manuels KNE',
  platformId: 'KNE',
  urlSchemeLoginRequired: true,
  urlSchemeCodeRequired: true,
  urlSchemeCodeYesNo: true,
});

/** The columns of the grid, editable or not, with or without the Password column. */
export function buildDefinitions({
  canEdit = true,
  withPassword = false,
}: { canEdit?: boolean; withPassword?: boolean } = {}): ColumnDefinition[] {
  return [
    field('id', 'ID utilisateur', 'text', 'number', false, false),
    field('adminMode', 'Mode admin', 'checkbox', 'boolean', canEdit),
    field('lastname', 'Nom', 'text', 'text', canEdit),
    field('firstname', 'Prénom', 'text', 'text', canEdit),
    field('login', 'Login', 'text', 'text', false),
    ...(withPassword ? [field('password', 'Password', 'text', 'text', false)] : []),
    field('level', 'Niveau', 'combobox', 'text', canEdit),
    field('className', 'Classe', 'combobox', 'text', canEdit),
    field('disabled', 'Désactivé', 'checkbox', 'boolean', false),
    field('disabledAt', 'Désactivé le', 'text', 'date', false, false),
    field('profile', 'Profil', 'combobox', 'text', canEdit),
    field('comment', 'Commentaire', 'text', 'text', canEdit),
    field('email', 'Mail', 'text', 'text', canEdit),
    {
      ColonneAffichee: 'Option1',
      ColonneBDD: 'option1',
      TypeColonne: 'combobox',
      TypeFiltre: 'set',
      Visible: true,
      Editable: canEdit,
      modificationKey: 'options',
    },
    {
      ColonneAffichee: 'Option2',
      ColonneBDD: 'option2',
      TypeColonne: 'combobox',
      TypeFiltre: 'none',
      Visible: true,
      Editable: canEdit,
      modificationKey: 'options',
    },
    ...[QUIZEO, KNE].flatMap((application): ColumnDefinition[] => [
      {
        ColonneAffichee: application.name,
        ColonneBDD: users.applicationColumnKey(application.idApplication),
        TypeColonne: 'checkbox',
        TypeFiltre: 'boolean',
        Visible: true,
        Editable: canEdit,
        modificationKey: 'applications',
        idApplication: application.idApplication,
      },
      {
        ColonneAffichee: `${application.name}-Code`,
        ColonneBDD: users.codeColumnKey(application.idApplication),
        TypeColonne: 'text',
        TypeFiltre: 'text',
        Visible: true,
        Editable: canEdit,
        modificationKey: 'applications',
        idApplication: application.idApplication,
      },
    ]),
  ];
}

/** The same columns as the grid reads them (the contract's mapping of the wire names). */
export function buildGridColumns(options: Parameters<typeof buildDefinitions>[0] = {}): GridColumn[] {
  return buildDefinitions(options).map(users.toGridColumn);
}

/** Five users: Alice (Latin, Grec), Bruno (Latin), Chloé (Grec), Denis (no option), and Émile, disabled. */
export const GRID_USERS: SchoolUser[] = [
  buildSchoolUser({
    id: 1,
    lastname: 'Arnaud',
    firstname: 'Alice',
    login: 'aarnaud',
    options: ['Latin', 'Grec'],
    applications: { '2': { status: 1, code: null } },
  }),
  buildSchoolUser({
    id: 2,
    lastname: 'Bernard',
    firstname: 'Bruno',
    login: 'bbernard',
    level: '5e',
    className: '5B',
    options: ['Latin'],
  }),
  buildSchoolUser({ id: 3, lastname: 'Caron', firstname: 'Chloé', login: 'ccaron', options: ['Grec'], adminMode: 1 }),
  buildSchoolUser({
    id: 4,
    lastname: 'Dupont',
    firstname: 'Denis',
    login: 'ddupont',
    profile: 'Enseignant',
    level: 'Professeurs',
    className: null,
    subject: 'Maths',
  }),
  buildSchoolUser({
    id: 5,
    lastname: 'Étienne',
    firstname: 'Émile',
    login: 'eetienne',
    disabled: true,
    disabledAt: '2025-03-01T10:00:00.000Z',
    level: '4e',
  }),
];

/** The grid's school: Quizeo and KNE as catalogue, three options, and the five users above unless told otherwise. */
export function buildGridSchool(overrides: SchoolOverrides = {}): SchoolWithUsers {
  return buildSchool({
    applications: [QUIZEO, KNE],
    platforms: [
      buildSchoolPlatform({ platformId: 'QUIZ', platformName: 'Quizeo' }),
      buildSchoolPlatform({ platformId: 'KNE', platformOrder: 2 }),
    ],
    options: [
      { idOption: 11, name: 'Latin' },
      { idOption: 12, name: 'Grec' },
      { idOption: 13, name: 'Théâtre' },
    ],
    users: GRID_USERS,
    ...overrides,
  });
}
