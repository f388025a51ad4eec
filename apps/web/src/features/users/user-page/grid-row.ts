import type { SchoolUser, UserPage } from '@console/contract';

/**
 * The grid row of a user after their page changed: names, login, e-mail, each application's
 * status and code, and the platforms of the enabled applications, taken from the page's answer.
 */
export function mergePageIntoRow(row: SchoolUser, page: UserPage): SchoolUser {
  const applications = { ...row.applications };
  for (const { informations } of page.applications) {
    applications[String(informations.applicationId)] = { status: informations.status, code: informations.applicationKeys };
  }
  const enabledPlatforms = page.applications
    .filter(({ informations }) => informations.status === 1)
    .map(({ informations }) => informations.platformId);
  return {
    ...row,
    firstname: page.informations.firstName,
    lastname: page.informations.lastName,
    login: page.informations.login,
    email: page.informations.email,
    applications,
    platforms: [...new Set(enabledPlatforms)],
  };
}
