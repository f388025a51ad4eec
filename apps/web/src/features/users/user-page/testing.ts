import type { School, SchoolApplication, SchoolPlatform, SchoolUser, UserPage, UserPageApplication } from '@console/contract';

/** Builders of the answers the user page reads, for its tests. */

export const UAI = '0750001A';

export function buildUserPage(overrides: { informations?: Partial<UserPage['informations']> } & Partial<Omit<UserPage, 'informations'>> = {}): UserPage {
  const { informations, ...rest } = overrides;
  return {
    informations: {
      userId: 12,
      login: 'lea.durand',
      password: 'baco1234',
      hasPrintablePassword: true,
      firstName: 'Léa',
      lastName: 'DURAND',
      email: null,
      level: '6e',
      className: '6e A',
      subject: null,
      tabletNumber: null,
      profile: 'Eleve',
      uai: UAI,
      schoolName: 'Collège Jean Moulin',
      disabled: false,
      locked: false,
      qrCode: 'tok-lea-123',
      createdOn: '2025-03-12T13:30:00.000Z',
      createdBy: 'Anne Admin',
      editedOn: '2025-09-01T08:05:00.000Z',
      editedBy: 'Marc Gestion',
      ...informations,
    },
    applications: [],
    options: [],
    devices: [],
    abilities: { canEditProfile: true, canEditApplications: true, canSeePasswords: true, canUnlock: false },
    ...rest,
  };
}

export function buildPageApplication(overrides: Partial<UserPageApplication['informations']> = {}, urlLine?: string): UserPageApplication {
  return {
    informations: {
      applicationId: 3,
      applicationName: 'Lalilo',
      platformId: 'KNE',
      status: 0,
      platformLogin: null,
      platformPassword: null,
      hasPlatformPassword: false,
      applicationKeys: null,
      worksWithCas: false,
      platformValidToken: null,
      ...overrides,
    },
    urls: urlLine ? { urlLine } : {},
  };
}

export function buildSchoolApplication(overrides: Partial<SchoolApplication> = {}): SchoolApplication {
  return {
    idApplication: 3,
    name: 'Lalilo',
    order: 1,
    platformId: 'KNE',
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

export function buildPlatform(overrides: Partial<SchoolPlatform> = {}): SchoolPlatform {
  return {
    platformId: 'KNE',
    platformName: 'KNE',
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

export function buildSchoolUser(overrides: Partial<SchoolUser> = {}): SchoolUser {
  return {
    id: 12,
    importNumber: null,
    adminMode: 0,
    uai: UAI,
    lastname: 'DURAND',
    firstname: 'Léa',
    login: 'lea.durand',
    level: '6e',
    className: '6e A',
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

/** The answer of `GET /schools/{uai}/users` with the seeded name rules. */
export function buildSchoolWithUsers(
  overrides: Partial<School> & { users?: SchoolUser[] } = {},
): School & { users: SchoolUser[] } {
  return {
    informations: {
      uai: UAI,
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
    },
    deployment: {},
    regexGlobal: [
      { field: 'firstname', structure: "[A-Za-zÀ-ÿ' -]", special: "-' ", conversion: 'FIRSTMAJ' },
      { field: 'lastname', structure: "[A-Za-zÀ-ÿ' -]", special: "-' ", conversion: 'MAJ' },
      { field: 'login', structure: '[a-z0-9.-]', special: '.-', conversion: 'MIN' },
    ],
    regexEstab: [],
    applications: [buildSchoolApplication()],
    platforms: [buildPlatform()],
    options: [],
    abilities: { canDelete: false },
    users: [buildSchoolUser(), buildSchoolUser({ id: 13, login: 'tom.martin', firstname: 'Tom', lastname: 'MARTIN' })],
    ...overrides,
  };
}
