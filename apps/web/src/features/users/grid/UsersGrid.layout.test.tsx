import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { GridPreferencesPanel, USERS_GRID_PREFERENCES_KEY } from '#features/preferences/components/GridPreferencesPanel';
import { schoolsQueryKeys } from '#features/schools/api';
import { buildSchoolUser } from '../test-factories';
import { buildGridSchool, GRID_USERS } from './test-fixtures';
import { renderUsersGrid } from './test-harness';
import { expectStatus, findRow, findSelectionBox, shownHeaders, shownLogins, waitForGrid } from './test-queries';

const i18n = await createTestI18n();
cleanUpAfterEachTest({ clearStorage: true });

const stored = () =>
  JSON.parse(window.localStorage.getItem(USERS_GRID_PREFERENCES_KEY) ?? 'null') as {
    columnState?: { colId: string; hide: boolean }[];
    filterModel?: object;
  } | null;

async function openFiltersPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Filtres' }));
  return screen.findByRole('dialog', { name: 'Filtres des colonnes' });
}

describe('the users grid layout', { timeout: 30_000 }, () => {
  it('shows only active users by default, unselected, with the counts', async () => {
    renderUsersGrid(i18n);

    await findRow('aarnaud');
    await expectStatus('5 utilisateurs · 4 filtrés · 0 sélectionné');
    expect(shownLogins()).toEqual(['aarnaud', 'bbernard', 'ccaron', 'ddupont']);
    expect(screen.getByRole('group', { name: 'Filtres actifs' })).toHaveTextContent('Désactivé : = 0');
    expect(
      screen.getAllByRole('checkbox', { name: /Appuyer sur Espace/ }).filter((box) => (box as HTMLInputElement).checked),
    ).toHaveLength(0);
  });

  it('counts in French number format', async () => {
    const many = Array.from({ length: 1234 }, (_unused, index) => buildSchoolUser({ id: index + 1, disabled: index >= 1200 }));
    renderUsersGrid(i18n, { school: buildGridSchool({ users: many }) });

    await expectStatus('1 234 utilisateurs · 1 200 filtrés · 0 sélectionné');
  });

  it('removes a filter from its chip, and every filter with the clear-all chip', async () => {
    renderUsersGrid(i18n);
    const user = userEvent.setup();
    await waitForGrid();

    await user.click(screen.getByRole('button', { name: 'Retirer le filtre Désactivé' }));
    await expectStatus('5 utilisateurs · 5 filtrés · 0 sélectionné');
    expect(screen.getByText('eetienne')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filtres actifs' })).not.toBeInTheDocument();
    expect(stored()?.filterModel).toEqual({});

    const panel = await openFiltersPanel(user);
    await user.type(within(panel).getByLabelText('Valeur du filtre Nom'), 'ar');
    await user.selectOptions(within(panel).getByLabelText('Valeur du filtre Désactivé'), '0');
    await expectStatus('5 utilisateurs · 3 filtrés · 0 sélectionné');
    const chips = screen.getByRole('group', { name: 'Filtres actifs' });
    expect(chips).toHaveTextContent('Nom : contient « ar »');

    await user.click(within(chips).getByRole('button', { name: 'Supprimer les filtres' }));
    await expectStatus('5 utilisateurs · 5 filtrés · 0 sélectionné');
  });

  it('filters on options with OR, then AND, over every option of the user', async () => {
    renderUsersGrid(i18n);
    const user = userEvent.setup();
    await findRow('aarnaud');
    const panel = await openFiltersPanel(user);
    const options = within(panel).getByRole('group', { name: 'Options recherchées dans Option1' });

    await user.click(within(options).getByRole('checkbox', { name: 'Latin' }));
    await user.click(within(options).getByRole('checkbox', { name: 'Grec' }));
    await waitFor(() => expect(shownLogins()).toEqual(['aarnaud', 'bbernard', 'ccaron']));
    expect(screen.getByRole('group', { name: 'Filtres actifs' })).toHaveTextContent('Option1 : « Latin », « Grec » (OU)');

    await user.click(within(options).getByText('Toutes (ET)'));
    await waitFor(() => expect(shownLogins()).toEqual(['aarnaud']));
    expect(stored()?.filterModel).toEqual({
      disabled: { filterType: 'boolean', value: 0 },
      option1: { filterType: 'set', values: ['Latin', 'Grec'], operator: 'AND' },
    });
  });

  it('filters from the header row too: a 0/1 choice, and the option set in its filter popup', async () => {
    renderUsersGrid(i18n);
    const user = userEvent.setup();
    await waitForGrid();
    const floatingFilter = (colId: string) => document.querySelector<HTMLElement>(`.ag-floating-filter[col-id="${colId}"]`)!;

    const chips = () => screen.getByRole('group', { name: 'Filtres actifs' });
    await user.selectOptions(within(floatingFilter('adminMode')).getByLabelText('Valeur du filtre Mode admin'), '1');
    await waitFor(() => expect(shownLogins()).toEqual(['ccaron']));
    await waitFor(() => expect(chips()).toHaveTextContent('Mode admin'));
    await user.selectOptions(within(floatingFilter('adminMode')).getByLabelText('Valeur du filtre Mode admin'), '');
    await waitFor(() => expect(shownLogins()).toHaveLength(4));
    // The chips follow the rows a moment later, and their line moves the grid: the header row is
    // redrawn then, and a click on a button it replaces would open nothing. Wait for them first.
    await waitFor(() => expect(chips()).not.toHaveTextContent('Mode admin'));

    await user.click(within(floatingFilter('option1')).getByRole('button', { name: 'Ouvrir le menu de filtre' }));
    const popup = await screen.findByRole('group', { name: 'Options recherchées dans Option1' });
    await user.click(within(popup).getByRole('checkbox', { name: 'Grec' }));
    await waitFor(() => expect(shownLogins()).toEqual(['aarnaud', 'ccaron']));
    expect(within(floatingFilter('option1')).getByLabelText('Options filtrées')).toHaveValue('Grec');
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Options recherchées dans Option1' })).not.toBeInTheDocument(),
    );
  });

  it('keeps hidden and moved columns and the filters, and restores them on the next visit', async () => {
    const first = renderUsersGrid(i18n);
    const user = userEvent.setup();
    await findRow('aarnaud');

    await user.click(screen.getByRole('button', { name: 'Colonnes' }));
    const columns = await screen.findByRole('group', { name: 'Colonnes affichées' });
    await user.click(within(columns).getByRole('checkbox', { name: 'Commentaire' }));
    await user.click(within(columns).getByRole('button', { name: 'Monter la colonne Login' }));
    await waitFor(() => expect(shownHeaders()).not.toContain('comment'));
    expect(shownHeaders().slice(0, 4)).toEqual(['adminMode', 'lastname', 'login', 'firstname']);
    await user.click(await screen.findByRole('button', { name: 'Retirer le filtre Désactivé' }));
    await expectStatus('5 utilisateurs · 5 filtrés · 0 sélectionné');
    first.unmount();

    renderUsersGrid(i18n);
    await findRow('eetienne');
    await expectStatus('5 utilisateurs · 5 filtrés · 0 sélectionné');
    expect(shownHeaders()).not.toContain('comment');
    expect(shownHeaders().slice(0, 4)).toEqual(['adminMode', 'lastname', 'login', 'firstname']);
  });

  it('goes back to the default layout when the preferences are reset', async () => {
    renderUsersGrid(i18n);
    const user = userEvent.setup();
    await findRow('aarnaud');
    await user.click(screen.getByRole('button', { name: 'Colonnes' }));
    await user.click(
      within(await screen.findByRole('group', { name: 'Colonnes affichées' })).getByRole('checkbox', { name: 'Commentaire' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Retirer le filtre Désactivé' }));
    await expectStatus('5 utilisateurs · 5 filtrés · 0 sélectionné');
    expect(stored()).not.toBeNull();

    renderWithProviders(<GridPreferencesPanel />, { i18n, withNotifications: true });
    await user.click(screen.getByRole('button', { name: 'Réinitialiser les préférences de grille' }));

    await expectStatus('5 utilisateurs · 4 filtrés · 0 sélectionné');
    expect(shownHeaders()).toContain('comment');
    expect(stored()).toBeNull();
  });

  it('opens a user from a Login cell, by click or Enter', async () => {
    const { onOpenUser } = renderUsersGrid(i18n);
    const user = userEvent.setup();

    await user.click(await screen.findByText('bbernard', { selector: '.ag-cell[col-id="login"]' }));
    expect(onOpenUser).toHaveBeenLastCalledWith(2);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onOpenUser).toHaveBeenLastCalledWith(3);
  });

  it('reports the selection; select-all takes the filtered rows; the handle orders, filters and deselects', async () => {
    const { handle, onSelectionChange, queryClient } = renderUsersGrid(i18n);
    const user = userEvent.setup();
    await user.click(await findSelectionBox('bbernard'));
    expect(onSelectionChange).toHaveBeenLastCalledWith([expect.objectContaining({ id: 2, login: 'bbernard' })]);
    await expectStatus('5 utilisateurs · 4 filtrés · 1 sélectionné');

    await user.click(screen.getByRole('checkbox', { name: 'Colonne de sélection' }));
    await waitFor(() => expect(onSelectionChange.mock.lastCall?.[0].map((selected) => selected.id).sort()).toEqual([1, 2, 3, 4]));
    expect(handle.current?.getOrderedIds()).toEqual([1, 2, 3, 4]);

    act(() => handle.current?.deselectAll());
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([]));

    act(() => handle.current?.filterOnLogin('eetienne'));
    await waitFor(() => expect(shownLogins()).toEqual(['eetienne']));
    // The chips follow the grid's filter event: they may show a moment after the rows.
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Filtres actifs' })).toHaveTextContent('Login : égal à « eetienne »'),
    );
    // The filter stays when the users reload.
    act(() =>
      queryClient.setQueryData(
        schoolsQueryKeys.users('0750001A'),
        buildGridSchool({ users: [...GRID_USERS, buildSchoolUser({ id: 6, login: 'ffabre' })] }),
      ),
    );
    await expectStatus('6 utilisateurs · 1 filtré · 0 sélectionné');
    expect(handle.current?.getOrderedIds()).toEqual([5]);
  });

  it('reports the selection again when the users reload: changed values, deleted users gone', async () => {
    const { onSelectionChange, queryClient } = renderUsersGrid(i18n);
    const user = userEvent.setup();
    await waitForGrid();
    await user.click(await findSelectionBox('aarnaud'));
    await user.click(await findSelectionBox('bbernard'));
    await expectStatus('5 utilisateurs · 4 filtrés · 2 sélectionnés');

    const reloaded = GRID_USERS.filter((listed) => listed.id !== 2).map((listed) =>
      listed.id === 1 ? { ...listed, level: '3e' } : listed,
    );
    act(() => queryClient.setQueryData(schoolsQueryKeys.users('0750001A'), buildGridSchool({ users: reloaded })));

    await expectStatus('4 utilisateurs · 3 filtrés · 1 sélectionné');
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([expect.objectContaining({ id: 1, level: '3e' })]));
  });
});
