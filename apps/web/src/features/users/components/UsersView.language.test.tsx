import type { SchoolUser } from '@console/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { renderInShell } from '#features/schools/testing';
import { buildCatalogueSchool } from '../test-school';
import { buildDefinitions } from '../grid/test-fixtures';
import { expectStatus, shownHeaders } from '../grid/test-queries';
import { buildSchoolUser, SCHOOL_UAI } from '../test-factories';
import { UsersView } from './UsersView';

/** The users grid in the reader's language (issue 34): the server's French headers and profile names translated, plurals right. */

cleanUpAfterEachTest({ clearStorage: true });

const USERS: SchoolUser[] = [
  buildSchoolUser({ id: 1, lastname: 'Bernard', firstname: 'Alice', login: 'abernard', profile: 'Eleve' }),
  buildSchoolUser({
    id: 2,
    lastname: 'Hélène',
    firstname: 'Caron',
    login: 'hcaron',
    profile: 'Enseignant',
    level: 'Professeurs',
  }),
];

async function renderView(language: 'fr' | 'en') {
  mockFetch({
    [`GET /api/schools/${SCHOOL_UAI}/users`]: { status: 200, body: buildCatalogueSchool(USERS) },
    'GET /api/users/headers': { status: 200, body: buildDefinitions() },
  });
  const i18n = await createTestI18n(language);
  renderInShell(<UsersView uai={SCHOOL_UAI} user={buildSessionUser('Administrateur')} />, {
    i18n,
    initial: { activeSchoolUai: SCHOOL_UAI, place: { view: 'users', uai: SCHOOL_UAI, query: 'filters=none' } },
  });
  await screen.findByText('abernard', { selector: '.ag-cell[col-id="login"]' });
}

/** The header text of a column, as the grid draws it. */
function headerText(colId: string): string {
  return document.querySelector(`.ag-header-cell[col-id="${colId}"] .ag-header-cell-text`)?.textContent ?? '';
}

/** The text of a cell of the row with this login. */
function cellText(login: string, colId: string): string {
  const row = screen.getByText(login, { selector: '.ag-cell[col-id="login"]' }).closest('[role="row"]')!;
  return row.querySelector(`[col-id="${colId}"]`)?.textContent ?? '';
}

describe('the users grid in the reader’s language', () => {
  it('reads in English: headers, profile names, the status line', async () => {
    await renderView('en');

    expect(shownHeaders()).toContain('lastname');
    expect(headerText('lastname')).toBe('Last name');
    expect(headerText('className')).toBe('Class');
    expect(headerText('option1')).toBe('Option 1');
    expect(headerText('code:2')).toBe('Quizeo code');
    expect(headerText('application:2')).toBe('Quizeo');
    expect(cellText('abernard', 'profile')).toBe('Pupil');
    expect(cellText('hcaron', 'profile')).toBe('Teacher');
    expect(screen.getByText(/users ·/).textContent?.replace(/\s/g, ' ')).toBe('2 users · 2 filtered · 0 selected');
  });

  it('says one in the singular, and finds a profile and a name without their accents, in French', async () => {
    await renderView('fr');
    expect(headerText('lastname')).toBe('Nom');
    expect(cellText('abernard', 'profile')).toBe('Élève');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Filtres' }));
    const panel = await screen.findByRole('dialog', { name: 'Filtres des colonnes' });
    await user.type(within(panel).getByLabelText('Valeur du filtre Profil'), 'eleve');
    await expectStatus('2 utilisateurs · 1 filtré · 0 sélectionné');
    await user.clear(within(panel).getByLabelText('Valeur du filtre Profil'));
    await user.type(within(panel).getByLabelText('Valeur du filtre Nom'), 'helene');
    await expectStatus('2 utilisateurs · 1 filtré · 0 sélectionné');
  });
});
