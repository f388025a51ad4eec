import { expect, type Page } from '@playwright/test';

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

/**
 * Adds pupils to a school through the product's own API (`POST /api/users`) with the signed-in
 * session, to arrange a journey's data; the journey itself then acts through the screens.
 */
export async function addPupils(page: Page, uai: string, pupils: ArrangedUser[]): Promise<void> {
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
        applications: [],
      },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
}
