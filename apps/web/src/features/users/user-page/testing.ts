import type { UserPage, UserPageApplication } from '@console/contract';
import {
  buildSchool,
  buildSchoolApplication,
  buildSchoolPlatform,
  buildSchoolUser,
  SCHOOL_UAI,
  type SchoolOverrides,
  type SchoolWithUsers,
} from '../test-factories';

/** Builders of the answers the user page reads, for its tests. */

export function buildUserPage(
  overrides: { informations?: Partial<UserPage['informations']> } & Partial<Omit<UserPage, 'informations'>> = {},
): UserPage {
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
      uai: SCHOOL_UAI,
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
    documents: [],
    abilities: { canEditProfile: true, canEditApplications: true, canSeePasswords: true, canUnlock: false },
    ...rest,
  };
}

export function buildPageApplication(
  overrides: Partial<UserPageApplication['informations']> = {},
  urlLine?: string,
): UserPageApplication {
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

/** The answer of `GET /schools/{uai}/users` with Léa DURAND and Tom MARTIN, Lalilo on KNE as catalogue. */
export function buildSchoolWithUsers(overrides: SchoolOverrides = {}): SchoolWithUsers {
  const lea = buildSchoolUser({ id: 12, lastname: 'DURAND', firstname: 'Léa', login: 'lea.durand', className: '6e A' });
  return buildSchool({
    applications: [buildSchoolApplication()],
    platforms: [buildSchoolPlatform()],
    users: [lea, { ...lea, id: 13, login: 'tom.martin', firstname: 'Tom', lastname: 'MARTIN' }],
    ...overrides,
  });
}
