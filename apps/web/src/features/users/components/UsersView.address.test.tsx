import type { SchoolUser } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useShell } from '#app/shell/ShellContext';
import type { Place } from '#app/views/views';
import { mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { renderInShell } from '#features/schools/testing';
import { buildCatalogueSchool } from '../test-school';
import { buildDefinitions } from '../grid/test-fixtures';
import { expectStatus, shownHeaders, shownLogins, waitForGrid } from '../grid/test-queries';
import { buildSchoolUser, SCHOOL_UAI } from '../test-factories';
import { UsersView } from './UsersView';

/**
 * The users grid's filters and sort are the address's query (issue 34): a filtered, sorted list
 * opens from its address, a change in the grid is written there, and an address that changes
 * (Back, a link) sets the grid.
 */

const i18n = await createTestI18n();
cleanUpAfterEachTest({ clearStorage: true });

const USERS: SchoolUser[] = [
  buildSchoolUser({ id: 1, lastname: 'Bernard', firstname: 'Alice', login: 'abernard', className: '6A' }),
  buildSchoolUser({ id: 2, lastname: 'Bernardin', firstname: 'Zoé', login: 'zbernardin', className: '6B' }),
  buildSchoolUser({ id: 3, lastname: 'Caron', firstname: 'Chloé', login: 'ccaron', className: '6A' }),
  buildSchoolUser({ id: 4, lastname: 'Dupont', firstname: 'Denis', login: 'ddupont', className: '5A', disabled: true }),
];

/** The users view of the shell's place, and a link as Back or a colleague's address would bring. */
function ShellUsersView({ link }: { link: Place }) {
  const { go } = useShell();
  return (
    <>
      <button type="button" onClick={() => go(link)}>
        Suivre le lien
      </button>
      <UsersView uai={SCHOOL_UAI} user={buildSessionUser('Administrateur')} />
    </>
  );
}

function renderView(query: string | null, link: Place = { view: 'users', uai: SCHOOL_UAI }) {
  mockFetch({
    [`GET /api/schools/${SCHOOL_UAI}/users`]: { status: 200, body: buildCatalogueSchool(USERS) },
    'GET /api/users/headers': { status: 200, body: buildDefinitions() },
  });
  return renderInShell(<ShellUsersView link={link} />, {
    i18n,
    initial: { activeSchoolUai: SCHOOL_UAI, place: { view: 'users', uai: SCHOOL_UAI, query } },
  });
}

describe('the users grid in the address', () => {
  it('opens with the filters and the sort its address names, not the saved ones', async () => {
    renderView('lastname=bernard&sort=-firstname&filters=none');
    await waitForGrid();

    await expectStatus('4 utilisateurs · 2 filtrés · 0 sélectionné');
    expect(shownLogins()).toEqual(['zbernardin', 'abernard']);
    // The columns the layout hides stay hidden (a sort in AG Grid's initial state showed them).
    expect(shownHeaders()).not.toContain('id');
    expect(shownHeaders()).toContain('lastname');
    expect(within(screen.getByRole('group', { name: 'Filtres actifs' })).getByText(/bernard/)).toBeInTheDocument();
  });

  it('completes a bare address with what the grid shows: the default filter, then each change, once typing stops', async () => {
    const { shell } = renderView(null);
    await waitForGrid();
    await waitFor(() => expect(shell().place.query).toBe('disabled=0'));
    await expectStatus('4 utilisateurs · 3 filtrés · 0 sélectionné');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filtres' }));
    const panel = await screen.findByRole('dialog', { name: 'Filtres des colonnes' });
    await user.type(within(panel).getByLabelText('Valeur du filtre Classe'), '6A');

    await expectStatus('4 utilisateurs · 2 filtrés · 0 sélectionné');
    await waitFor(() => expect(shell().place.query).toBe('className=6A&disabled=0'));
  });

  it('follows an address that changes without the grid, as Back or a link brings it', async () => {
    const { shell } = renderView('className=6A&disabled=0', {
      view: 'users',
      uai: SCHOOL_UAI,
      query: 'filters=none&sort=lastname',
    });
    await waitForGrid();
    await expectStatus('4 utilisateurs · 2 filtrés · 0 sélectionné');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Suivre le lien' }));

    await expectStatus('4 utilisateurs · 4 filtrés · 0 sélectionné');
    expect(shownLogins()).toEqual(['abernard', 'zbernardin', 'ccaron', 'ddupont']);
    expect(shell().place.query).toBe('filters=none&sort=lastname');
  });

  it("keeps the grid's query when a user's page opens and closes", async () => {
    const { shell } = renderView('className=6A&disabled=0');
    await waitForGrid();

    await userEvent.setup().click(await screen.findByText('ccaron', { selector: '.ag-cell[col-id="login"]' }));

    expect(shell().place).toEqual({ view: 'users', uai: SCHOOL_UAI, userId: 3, query: 'className=6A&disabled=0' });
  });
});
