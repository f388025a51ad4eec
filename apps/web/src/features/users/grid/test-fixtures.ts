import {
  users,
  type ColumnDefinition,
  type School,
  type SchoolApplication,
  type SchoolPlatform,
  type SchoolUser,
} from '@console/contract';

/** Test data for the users grid: a school's catalogue, users and column definitions (as `GET /users/headers` answers them). */

export const GRID_UAI = '0750001A';

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

export function buildApplication(
  overrides: Partial<SchoolApplication> & Pick<SchoolApplication, 'idApplication' | 'name'>,
): SchoolApplication {
  return {
    order: overrides.idApplication,
    platformId: 'PLAT',
    urls: {},
    urlSchemeLoginRequired: false,
    urlSchemePwdRequired: false,
    urlSchemeCodeYesNo: false,
    urlSchemeCodeRequired: false,
    applicationCodeYesNo: false,
    applicationCodeRequired: false,
    commonCode: null,
    connectDiffPassword: false,
    worksWithCas: false,
    ...overrides,
  };
}

export const PLATFORMS: SchoolPlatform[] = [
  {
    platformId: 'QUIZ',
    platformName: 'Quizeo',
    platformOrder: 1,
    platformForExport: true,
    platformExportType: 'csv',
    platformCodeRequired: false,
    platformCodeYesNo: false,
    commonCode: null,
    urls: [],
  },
  {
    platformId: 'KNE',
    platformName: 'KNE',
    platformOrder: 2,
    platformForExport: true,
    platformExportType: 'csv',
    platformCodeRequired: false,
    platformCodeYesNo: false,
    commonCode: null,
    urls: [],
  },
];

export const QUIZEO = buildApplication({ idApplication: 2, name: 'Quizeo', platformId: 'QUIZ' });
export const KNE = buildApplication({
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

export function buildGridUser(overrides: Partial<SchoolUser> & Pick<SchoolUser, 'id'>): SchoolUser {
  return {
    importNumber: null,
    adminMode: 0,
    uai: GRID_UAI,
    lastname: `Nom${overrides.id}`,
    firstname: `Prénom${overrides.id}`,
    login: `user${overrides.id}`,
    level: '6e',
    className: '6A',
    disabled: false,
    disabledAt: null,
    profile: 'Eleve',
    locked: false,
    lastLoginAt: null,
    tabletNumber: null,
    comment: null,
    subject: null,
    email: null,
    options: [],
    applications: {},
    platforms: [],
    ...overrides,
  };
}

/** Five users: Alice (Latin, Grec), Bruno (Latin), Chloé (Grec), Denis (no option), and Émile, disabled. */
export const GRID_USERS: SchoolUser[] = [
  buildGridUser({
    id: 1,
    lastname: 'Arnaud',
    firstname: 'Alice',
    login: 'aarnaud',
    options: ['Latin', 'Grec'],
    applications: { '2': { status: 1, code: null } },
  }),
  buildGridUser({
    id: 2,
    lastname: 'Bernard',
    firstname: 'Bruno',
    login: 'bbernard',
    level: '5e',
    className: '5B',
    options: ['Latin'],
  }),
  buildGridUser({ id: 3, lastname: 'Caron', firstname: 'Chloé', login: 'ccaron', options: ['Grec'], adminMode: 1 }),
  buildGridUser({
    id: 4,
    lastname: 'Dupont',
    firstname: 'Denis',
    login: 'ddupont',
    profile: 'Enseignant',
    level: 'Professeurs',
    className: null,
    subject: 'Maths',
  }),
  buildGridUser({
    id: 5,
    lastname: 'Étienne',
    firstname: 'Émile',
    login: 'eetienne',
    disabled: true,
    disabledAt: '2025-03-01T10:00:00.000Z',
    level: '4e',
  }),
];

export function buildGridSchool(
  overrides: Partial<School> = {},
  list: SchoolUser[] = GRID_USERS,
): School & { users: SchoolUser[] } {
  return {
    informations: {
      uai: GRID_UAI,
      name: 'Collège Jean Moulin',
      town: 'Lyon',
      extension: 'jmoulin',
      adminDuration: 0,
      connectRndPwd: false,
      address: '1 rue de la Paix',
      postalCode: '69001',
      sector: 'Public',
      latitude: null,
      longitude: null,
      emailRequired: false,
    },
    deployment: {},
    regexGlobal: [],
    regexEstab: [],
    applications: [QUIZEO, KNE],
    platforms: PLATFORMS,
    options: [
      { idOption: 11, name: 'Latin' },
      { idOption: 12, name: 'Grec' },
      { idOption: 13, name: 'Théâtre' },
    ],
    abilities: { canDelete: false },
    ...overrides,
    users: list,
  };
}
