import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useShell } from '#app/shell/ShellContext';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { USERS_GRID_PREFERENCES_KEY } from '#features/preferences/components/GridPreferencesPanel';
import { useSchoolUsers } from '#features/schools/api';
import { useSelectSchool } from '#features/schools/hooks/useSelectSchool';
import { renderInShell } from '#features/schools/testing';
import { UsersGrid } from '../components/UsersGrid';
import { buildSchoolUser, SCHOOL_UAI } from '../test-factories';
import { buildGridColumns, buildGridSchool } from './test-fixtures';
import { expectStatus, findCell, shownLogins, waitForGrid } from './test-queries';

const OTHER_UAI = '0690002B';
const PASSWORDS = { 1: 'Bavu4821', 2: 'Kemo1937', 3: 'Tiza5503', 4: null };

const i18n = await createTestI18n();
cleanUpAfterEachTest({ clearStorage: true });

/** The users grid of the active school, and a button making another school active as the school picker does. */
function ActiveSchoolGrid() {
  const { activeSchoolUai } = useShell();
  const selectSchool = useSelectSchool();
  const school = useSchoolUsers(activeSchoolUai!);
  return (
    <>
      <button type="button" onClick={() => selectSchool(activeSchoolUai === SCHOOL_UAI ? OTHER_UAI : SCHOOL_UAI)}>
        Changer d'établissement
      </button>
      {school.data && (
        <UsersGrid
          school={school.data}
          columns={buildGridColumns({ withPassword: true })}
          user={buildSessionUser('Administrateur')}
          onSelectionChange={() => undefined}
          onOpenUser={() => undefined}
          handleRef={{ current: null }}
        />
      )}
    </>
  );
}

function mockSchools() {
  // Answers what the grid asks: one row first, then the other filtered rows.
  const answers = [[2], [1, 3, 4]];
  const other = buildGridSchool({
    informations: { uai: OTHER_UAI, name: 'Lycée Ampère' },
    users: [buildSchoolUser({ id: 21, login: 'zzola', uai: OTHER_UAI })],
  });
  return mockFetch({
    [`GET /api/schools/${SCHOOL_UAI}/users`]: { status: 200, body: buildGridSchool() },
    [`GET /api/schools/${OTHER_UAI}/users`]: { status: 200, body: other },
    'POST /api/users/passwords/decrypt': () => ({
      status: 200,
      body: { passwords: (answers.shift() ?? []).map((id) => ({ id, password: PASSWORDS[id as keyof typeof PASSWORDS] })) },
    }),
  });
}

describe('the users grid across schools', { timeout: 30_000 }, () => {
  it('clears the filters when another school becomes active, and keeps the columns', async () => {
    mockSchools();
    renderInShell(<ActiveSchoolGrid />, { i18n, initial: { activeSchoolUai: SCHOOL_UAI, view: 'users' } });
    const user = userEvent.setup();
    await waitForGrid();
    await user.click(screen.getByRole('button', { name: 'Filtres' }));
    await user.type(
      within(await screen.findByRole('dialog', { name: 'Filtres des colonnes' })).getByLabelText('Valeur du filtre Login'),
      'bber',
    );
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await expectStatus('5 utilisateurs · 1 filtré · 0 sélectionné');
    await user.click(screen.getByRole('button', { name: 'Colonnes' }));
    await user.click(
      within(await screen.findByRole('group', { name: 'Colonnes affichées' })).getByRole('checkbox', { name: 'Commentaire' }),
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: "Changer d'établissement" }));
    await expectStatus('1 utilisateur · 1 filtré · 0 sélectionné');
    expect(JSON.parse(window.localStorage.getItem(USERS_GRID_PREFERENCES_KEY)!)).not.toHaveProperty('filterModel');

    await user.click(screen.getByRole('button', { name: "Changer d'établissement" }));
    await expectStatus('5 utilisateurs · 4 filtrés · 0 sélectionné');
    expect(shownLogins()).toEqual(['aarnaud', 'bbernard', 'ccaron', 'ddupont']);
    expect(screen.getByRole('group', { name: 'Filtres actifs' })).toHaveTextContent(/^Désactivé : = 0/);
    expect(document.querySelector('.ag-header-cell[col-id="comment"]')).toBeNull();
  });

  it('reveals passwords on demand, keeps them out of every cache and storage, and forgets them with the school', async () => {
    const fetchMock = mockSchools();
    const { queryClient } = renderInShell(<ActiveSchoolGrid />, {
      i18n,
      initial: { activeSchoolUai: SCHOOL_UAI, view: 'users' },
    });
    const user = userEvent.setup();
    await waitForGrid();
    const masked = await findCell('aarnaud', 'password');
    expect(masked).toHaveTextContent('••••••••');
    // The mask is drawn, not read: a screen reader hears what it stands for.
    expect(within(masked).getByText('••••••••')).toHaveAttribute('aria-hidden', 'true');
    expect(within(masked).getByText('Mot de passe masqué')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe de bbernard' }));
    expect(await findCell('bbernard', 'password')).toHaveTextContent('Kemo1937');
    await user.click(screen.getByRole('button', { name: 'Afficher les mots de passe' }));
    await waitFor(async () => expect(await findCell('aarnaud', 'password')).toHaveTextContent('Bavu4821'));
    expect(await findCell('ddupont', 'password')).toHaveTextContent('—');
    // One call for the row, then one for the filtered rows not shown yet.
    expect(bodiesSentTo(fetchMock, 'POST /api/users/passwords/decrypt')).toEqual([{ passwords: [2] }, { passwords: [1, 3, 4] }]);

    await waitFor(() => expect(queryClient.getMutationCache().getAll()).toHaveLength(0));
    const cached = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    );
    const stored = JSON.stringify({ ...window.localStorage });
    for (const password of ['Bavu4821', 'Kemo1937', 'Tiza5503']) {
      expect(cached).not.toContain(password);
      expect(stored).not.toContain(password);
    }

    await user.click(screen.getByRole('button', { name: "Changer d'établissement" }));
    await expectStatus('1 utilisateur · 1 filtré · 0 sélectionné');
    await user.click(screen.getByRole('button', { name: "Changer d'établissement" }));
    await expectStatus('5 utilisateurs · 4 filtrés · 0 sélectionné');
    expect(await findCell('aarnaud', 'password')).toHaveTextContent('••••••••');
  });

  it('reveals a password with Enter on its cell, the keyboard way to its eye button', async () => {
    const fetchMock = mockSchools();
    renderInShell(<ActiveSchoolGrid />, { i18n, initial: { activeSchoolUai: SCHOOL_UAI, view: 'users' } });
    const user = userEvent.setup();
    await waitForGrid();
    const cell = await findCell('bbernard', 'password');
    act(() => cell.focus());

    await user.keyboard('{Enter}');

    await waitFor(async () => expect(await findCell('bbernard', 'password')).toHaveTextContent('Kemo1937'));
    expect(bodiesSentTo(fetchMock, 'POST /api/users/passwords/decrypt')).toEqual([{ passwords: [2] }]);
  });
});
