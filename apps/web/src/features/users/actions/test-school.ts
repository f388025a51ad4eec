import type { School, SchoolApplication, SchoolPlatform, SchoolUser } from '@console/contract';

/** Test data for the users view's actions: a school with its catalogue and users. */

export const SCHOOL_UAI = '0750001A';

export function buildApplication(
  overrides: Partial<SchoolApplication> & Pick<SchoolApplication, 'idApplication' | 'name'>,
): SchoolApplication {
  return {
    order: overrides.idApplication,
    platformId: 'PLAT',
    urls: { picturePath: `/pictures/${overrides.idApplication}.png` },
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

export function buildPlatform(overrides: Partial<SchoolPlatform> & Pick<SchoolPlatform, 'platformId'>): SchoolPlatform {
  return {
    platformName: overrides.platformId,
    platformOrder: 1,
    platformForExport: true,
    platformExportType: 'csv',
    platformCodeRequired: false,
    platformCodeYesNo: false,
    commonCode: null,
    urls: [],
    ...overrides,
  };
}

let nextUserId = 100;

export function buildSchoolUser(overrides: Partial<SchoolUser> = {}): SchoolUser {
  const id = overrides.id ?? nextUserId++;
  return {
    id,
    importNumber: null,
    adminMode: 0,
    uai: SCHOOL_UAI,
    lastname: `Nom${id}`,
    firstname: `Prenom${id}`,
    login: `user${id}`,
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

export const APPLICATIONS = {
  lls: buildApplication({ idApplication: 1, name: 'Lelivrescolaire.fr', platformId: 'LLS2020', order: 3 }),
  quizeo: buildApplication({ idApplication: 2, name: 'Quizeo', platformId: 'QUIZ', order: 2 }),
  educadhoc: buildApplication({ idApplication: 3, name: 'Educadhoc', platformId: 'PNE', order: 1 }),
  kne: buildApplication({
    idApplication: 4,
    name: 'Manuels KNE',
    platformId: 'KNE',
    order: 4,
    urlSchemeLoginRequired: true,
    urlSchemePwdRequired: true,
    urlSchemeCodeYesNo: true,
    urlSchemeCodeRequired: true,
  }),
} as const;

export function buildSchool(
  users: SchoolUser[],
  overrides: Partial<School['informations']> = {},
): School & { users: SchoolUser[] } {
  return {
    informations: {
      uai: SCHOOL_UAI,
      name: 'Collège Jean Moulin',
      town: 'Paris',
      extension: 'clg-moulin',
      adminDuration: 0,
      connectRndPwd: false,
      address: '1 rue de Paris',
      postalCode: '75001',
      sector: 'Public',
      latitude: null,
      longitude: null,
      emailRequired: false,
      ...overrides,
    },
    deployment: {},
    regexGlobal: [
      { field: 'firstname', conversion: 'FIRSTMAJ', special: "- '", structure: "[a-zA-ZÀ-ÿ' -]" },
      { field: 'lastname', conversion: 'MAJ', special: "- '", structure: "[a-zA-ZÀ-ÿ' -]" },
      { field: 'login', conversion: 'MIN', special: '.-', structure: '[a-z0-9.-]' },
    ],
    regexEstab: [],
    applications: Object.values(APPLICATIONS),
    platforms: [
      buildPlatform({ platformId: 'KNE', platformName: 'KNE' }),
      buildPlatform({ platformId: 'LLS2020', platformName: 'Le Livre Scolaire' }),
    ],
    options: [
      { idOption: 1, name: 'Latin' },
      { idOption: 2, name: 'Anglais renforcé' },
    ],
    abilities: { canDelete: true },
    users,
  };
}
