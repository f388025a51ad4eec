import type { School, SchoolUser } from '@console/contract';
import { buildSchool, buildSchoolApplication, buildSchoolPlatform, type SchoolWithUsers } from './test-factories';

/** Test data for the users view's actions: a school with its catalogue and users. */

export const APPLICATIONS = {
  lls: buildSchoolApplication({ idApplication: 1, name: 'Lelivrescolaire.fr', platformId: 'LLS2020', order: 3 }),
  quizeo: buildSchoolApplication({ idApplication: 2, name: 'Quizeo', platformId: 'QUIZ', order: 2 }),
  educadhoc: buildSchoolApplication({ idApplication: 3, name: 'Educadhoc', platformId: 'PNE', order: 1 }),
  kne: buildSchoolApplication({
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

/** The school of the actions' tests: the catalogue above, two options, and the right to delete it. */
export function buildCatalogueSchool(users: SchoolUser[], informations: Partial<School['informations']> = {}): SchoolWithUsers {
  return buildSchool({
    informations,
    applications: Object.values(APPLICATIONS),
    platforms: [
      buildSchoolPlatform({ platformId: 'KNE' }),
      buildSchoolPlatform({ platformId: 'LLS2020', platformName: 'Le Livre Scolaire' }),
    ],
    options: [
      { idOption: 1, name: 'Latin' },
      { idOption: 2, name: 'Anglais renforcé' },
    ],
    abilities: { canDelete: true },
    users,
  });
}
