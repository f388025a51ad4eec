import type { School, SchoolApplication, SchoolPlatform, SchoolUser } from '@console/contract';

/** Builders of a school and its users as `GET /schools/{uai}/users` answers them, for the users feature's tests. */

export type SchoolWithUsers = School & { users: SchoolUser[] };

export const SCHOOL_UAI = '0750001A';

let nextUserId = 100;

/** A pupil of the test school; without an id, a fresh one from 100 up, which its names and login repeat. */
export function buildSchoolUser(overrides: Partial<SchoolUser> = {}): SchoolUser {
  const id = overrides.id ?? nextUserId++;
  return {
    id,
    importNumber: null,
    adminMode: 0,
    uai: SCHOOL_UAI,
    lastname: `Nom${id}`,
    firstname: `Prénom${id}`,
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

/** An application of the catalogue asking for no credentials: Lalilo on the KNE platform unless told otherwise. */
export function buildSchoolApplication(overrides: Partial<SchoolApplication> = {}): SchoolApplication {
  const idApplication = overrides.idApplication ?? 3;
  return {
    idApplication,
    name: 'Lalilo',
    order: idApplication,
    platformId: 'KNE',
    urls: { picturePath: `/pictures/${idApplication}.png` },
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

/** A platform asking for no code, named after its id unless told otherwise: KNE by default. */
export function buildSchoolPlatform(overrides: Partial<SchoolPlatform> = {}): SchoolPlatform {
  const platformId = overrides.platformId ?? 'KNE';
  return {
    platformId,
    platformName: platformId,
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

const SCHOOL_INFORMATIONS: School['informations'] = {
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
};

/** The seeded name rules: first names capitalised, last names in capitals, logins in lower case. */
const NAME_RULES: School['regexGlobal'] = [
  { field: 'firstname', conversion: 'FIRSTMAJ', special: "- '", structure: "[a-zA-ZÀ-ÿ' -]" },
  { field: 'lastname', conversion: 'MAJ', special: "- '", structure: "[a-zA-ZÀ-ÿ' -]" },
  { field: 'login', conversion: 'MIN', special: '.-', structure: '[a-z0-9.-]' },
];

export type SchoolOverrides = Partial<Omit<SchoolWithUsers, 'informations'>> & { informations?: Partial<School['informations']> };

/** The test school with the seeded name rules; no users, empty catalogue and no options unless told otherwise. */
export function buildSchool({ informations, ...overrides }: SchoolOverrides = {}): SchoolWithUsers {
  return {
    informations: { ...SCHOOL_INFORMATIONS, ...informations },
    deployment: {},
    regexGlobal: NAME_RULES,
    regexEstab: [],
    applications: [],
    platforms: [],
    options: [],
    abilities: { canDelete: false },
    users: [],
    ...overrides,
  };
}
