import { expect, type Page } from '@playwright/test';
import { DEMO } from './demo-accounts';
import { SchoolPickerPage } from './school-picker-page';
import { ShellPage } from './shell-page';
import { UsersPage } from './users-page';

/** The school of the demo school administrator. */
export const JEAN_MOULIN = '0693284V';

export type ArrangedUser = { firstName: string; lastName: string; login: string; email?: string; class?: string };

/** `count` pupils named `prefix`, logins `prefix.1`, `prefix.2`... */
export function pupils(prefix: string, count: number, extra: Partial<ArrangedUser> = {}): ArrangedUser[] {
  return Array.from({ length: count }, (_, index) => ({
    firstName: `Élève${index + 1}`,
    lastName: prefix,
    login: `${prefix.toLowerCase()}.${index + 1}`,
    ...extra,
  }));
}

/** An application of a school's catalogue, as `GET /api/schools/{uai}/users` lists it. */
export type CatalogueApplication = { idApplication: number; name: string; platformId: string };

/**
 * Adds pupils to a school through the product's own API (`POST /api/users`) with the signed-in
 * session, to arrange a journey's data; the journey itself then acts through the screens. With
 * `application`, each gets an access to it whose login and password are the pupil's own.
 */
export async function addPupils(
  page: Page,
  uai: string,
  pupils: ArrangedUser[],
  application?: CatalogueApplication,
): Promise<void> {
  for (const pupil of pupils) {
    const answer = await page.request.post('/api/users', {
      data: {
        values: {
          uai,
          firstName: pupil.firstName,
          lastName: pupil.lastName,
          login: pupil.login,
          password: 'pako4821',
          level: '6e',
          profile: 'Eleve',
          class: pupil.class ?? '',
          tabletNumber: '',
          comment: '',
          subject: '',
          email: pupil.email ?? '',
        },
        options: [],
        applications: application
          ? [
              {
                platformId: application.platformId,
                idApplication: application.idApplication,
                login: pupil.login,
                password: 'pako4821',
              },
            ]
          : [],
      },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
}

/**
 * Imports pupils named `lastName` into a school, `count` of each class given, through the
 * product's own import (`POST /api/users/batch`, then its confirmation): a thousand pupils in two
 * calls, where adding them one by one would take minutes. Their first names are letters only, as
 * the name rules ask.
 */
export async function importPupils(page: Page, uai: string, lastName: string, classes: Record<string, number>): Promise<void> {
  const letters = (index: number) =>
    Array.from({ length: 3 }, (_, position) => String.fromCharCode(97 + (Math.floor(index / 26 ** (2 - position)) % 26))).join(
      '',
    );
  const lines = Object.entries(classes)
    .flatMap(([className, count]) => Array.from({ length: count }, () => className))
    .map((className, index) => `Eleve,${lastName},Eleve${letters(index)},${className},6e`);
  const csv = ['Profil,Nom,Prénom,Classe,Niveau', ...lines].join('\r\n');
  const verified = await page.request.post('/api/users/batch', {
    multipart: {
      csvfile: { name: 'eleves.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') },
      mode: 'users_initial',
      uai,
    },
    timeout: 120_000,
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { importNumber } = (await verified.json()) as { importNumber: number };
  const confirmed = await page.request.post(`/api/users/batch/${importNumber}`, {
    data: { confirmation: 1, excludeUsers: [] },
    timeout: 120_000,
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

/**
 * Adds pupils to a school through the product's own API (`POST /api/users`), each with an access
 * to one application of the school's catalogue whose login is the pupil's own: the data a
 * platform's export lists. Returns the application's platform id.
 */
export async function addPupilsWithApplication(
  page: Page,
  uai: string,
  pupils: ArrangedUser[],
  applicationName: string,
): Promise<string> {
  const schoolAnswer = await page.request.get(`/api/schools/${uai}/users`);
  expect(schoolAnswer.ok(), await schoolAnswer.text()).toBe(true);
  const school = (await schoolAnswer.json()) as { applications: CatalogueApplication[] };
  const application = school.applications.find((candidate) => candidate.name === applicationName);
  if (!application) throw new Error(`no application ${applicationName} in the school ${uai}`);

  await addPupils(page, uai, pupils, application);
  return application.platformId;
}

/**
 * Signs in as the administrator (who holds every right, the bulk mail included), adds `arranged`
 * to Jean Moulin (each with an access to `applicationName` when given) and opens its users from
 * the school picker.
 */
export async function openJeanMoulinAsAdministrator(
  page: Page,
  arranged: ArrangedUser[],
  applicationName?: string,
): Promise<UsersPage> {
  await ShellPage.signIn(page, DEMO.administrator);
  if (applicationName) await addPupilsWithApplication(page, JEAN_MOULIN, arranged, applicationName);
  else await addPupils(page, JEAN_MOULIN, arranged);
  return openJeanMoulinUsers(page);
}

/** Opens Jean Moulin's users from the school picker, signed in already. */
export async function openJeanMoulinUsers(page: Page): Promise<UsersPage> {
  const picker = new SchoolPickerPage(page);
  await picker.openWithShortcut();
  await picker.search.fill('Jean Moulin');
  await picker.search.press('Enter');
  await new ShellPage(page).openView('Utilisateurs');
  const users = new UsersPage(page);
  await users.expectLoaded();
  return users;
}
