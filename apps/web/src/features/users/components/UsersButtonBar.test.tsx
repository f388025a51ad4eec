import { DEFAULT_RIGHTS } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { renderButtonBar } from '../test-button-bar';
import { APPLICATIONS, buildCatalogueSchool } from '../test-school';
import { buildSchoolUser } from '../test-factories';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const manager = buildSessionUser('Gestionnaire');
const school = buildCatalogueSchool([]);

describe('users button bar, rights', () => {
  it('shows every button to a manager', () => {
    mockFetch({});
    renderButtonBar({ i18n, school, user: manager });

    const bar = screen.getByRole('group', { name: 'Actions sur les utilisateurs' });
    for (const name of [
      'Ajouter un utilisateur',
      'Export CSV',
      'Export PDF',
      'Activer / Désactiver',
      'Supprimer',
      'Modification groupée',
      'Corbeille',
    ]) {
      expect(within(bar).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('shows the CSV export menu with its right, and not over the bin', () => {
    mockFetch({});
    const rights = { ...DEFAULT_RIGHTS.Gestionnaire, ButtonBar_buttonExportCSV: { Lecture: 0, Ecriture: 0 } } as const;
    const { unmount } = renderButtonBar({ i18n, school, user: buildSessionUser('Gestionnaire', { rights }) });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    unmount();

    renderButtonBar({ i18n, school, user: manager, isBinShown: true });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('shows the PDF menu with its right, and not over the bin', () => {
    mockFetch({});
    const rights = { ...DEFAULT_RIGHTS.Gestionnaire, ButtonBar_buttonExportPDF: { Lecture: 0, Ecriture: 0 } } as const;
    const { unmount } = renderButtonBar({ i18n, school, user: buildSessionUser('Gestionnaire', { rights }) });
    expect(screen.queryByRole('button', { name: 'Export PDF' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    unmount();

    renderButtonBar({ i18n, school, user: manager, isBinShown: true });
    expect(screen.queryByRole('button', { name: 'Export PDF' })).toBeNull();
  });

  it('hides each button without its Lecture right, and turns it off without its Ecriture', () => {
    mockFetch({});
    const rights = {
      ...DEFAULT_RIGHTS.Gestionnaire,
      ButtonBar_buttonDelete: { Lecture: 0, Ecriture: 0 },
      ButtonBar_buttonBulkEdit: { Lecture: 0, Ecriture: 0 },
      AddUser: { Lecture: 1, Ecriture: 0 },
    } as const;
    renderButtonBar({ i18n, school, user: buildSessionUser('Gestionnaire', { rights }), selected: [buildSchoolUser()] });

    expect(screen.queryByRole('button', { name: 'Supprimer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Corbeille' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modification groupée' })).toBeNull();
    const add = screen.getByRole('button', { name: 'Ajouter un utilisateur' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription("Vous n'avez pas le droit d'effectuer cette action.");
    expect(screen.getByRole('button', { name: 'Désactiver' })).not.toHaveAttribute('aria-disabled');
  });

  it('turns add user off for a school without uai', () => {
    mockFetch({});
    renderButtonBar({ i18n, school: buildCatalogueSchool([], { uai: '' }), user: manager });

    const add = screen.getByRole('button', { name: 'Ajouter un utilisateur' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(/pas d'UAI/);
  });

  it('shows the bin instead of the grid', async () => {
    mockFetch({});
    const { onBinShownChange } = renderButtonBar({ i18n, school, user: manager });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Corbeille' }));

    expect(onBinShownChange).toHaveBeenCalledWith(true);
  });
});

describe('enable and disable', () => {
  it('disables an all-active selection with lls and quizeo flags, then toasts', async () => {
    const withLls = buildSchoolUser({ id: 1, applications: { [APPLICATIONS.lls.idApplication]: { status: 1, code: null } } });
    const withQuizeo = buildSchoolUser({
      id: 2,
      applications: { [APPLICATIONS.quizeo.idApplication]: { status: 1, code: null } },
    });
    const fetchMock = mockFetch({ 'PATCH /api/users/deactivate': { status: 200, body: { count: 2 } } });
    renderButtonBar({ i18n, school, user: manager, selected: [withLls, withQuizeo] });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Désactiver' }));

    expect(await screen.findByText('2 utilisateurs ont bien été désactivés')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/deactivate')).toEqual([
      {
        users: [
          { id: 1, lls: true, quizeo: false },
          { id: 2, lls: false, quizeo: true },
        ],
        disable: true,
      },
    ]);
  });

  it('enables an all-disabled selection', async () => {
    const fetchMock = mockFetch({ 'PATCH /api/users/deactivate': { status: 200, body: { count: 1 } } });
    renderButtonBar({ i18n, school, user: manager, selected: [buildSchoolUser({ id: 3, disabled: true })] });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Activer' }));

    expect(await screen.findByText('1 utilisateur a bien été activé')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/deactivate')).toEqual([
      { users: [{ id: 3, lls: false, quizeo: false }], disable: false },
    ]);
  });

  it('is off for a selection holding oneself, and says why', async () => {
    const fetchMock = mockFetch({});
    renderButtonBar({ i18n, school, user: manager, selected: [buildSchoolUser({ id: manager.id }), buildSchoolUser()] });

    const button = screen.getByRole('button', { name: 'Activer / Désactiver' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('Vous ne pouvez pas vous désactiver vous-même.');
    await userEvent.setup().hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Vous ne pouvez pas vous désactiver vous-même.');
    await userEvent.setup().click(button);
    expect(bodiesSentTo(fetchMock, 'PATCH /api/users/deactivate')).toEqual([]);
  });

  it('is off for a mixed selection', () => {
    mockFetch({});
    renderButtonBar({ i18n, school, user: manager, selected: [buildSchoolUser(), buildSchoolUser({ disabled: true })] });

    expect(screen.getByRole('button', { name: 'Activer / Désactiver' })).toHaveAccessibleDescription(
      'La sélection mélange des utilisateurs actifs et désactivés.',
    );
  });
});

describe('delete', () => {
  it('asks first, then deletes the disabled users, toasts the bin and clears the selection', async () => {
    const fetchMock = mockFetch({ 'DELETE /api/users': { status: 200, body: { count: 2 } } });
    const selected = [buildSchoolUser({ id: 11, disabled: true }), buildSchoolUser({ id: 12, disabled: true })];
    const { grid } = renderButtonBar({ i18n, school, user: manager, selected });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer les utilisateurs' });
    expect(dialog).toHaveTextContent(
      'Les 2 utilisateurs sélectionnés seront supprimés. Ils resteront 30 jours dans la corbeille',
    );
    expect(bodiesSentTo(fetchMock, 'DELETE /api/users')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText('2 utilisateurs ont bien été supprimés.')).toBeInTheDocument();
    expect(screen.getByText("Ils restent 30 jours dans la corbeille, d'où vous pouvez les restaurer.")).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'DELETE /api/users')).toEqual([[11, 12]]);
    expect(grid.deselectAll).toHaveBeenCalled();
  });

  it('is off for active users and for oneself', () => {
    mockFetch({});
    const { unmount } = renderButtonBar({ i18n, school, user: manager, selected: [buildSchoolUser()] });
    expect(screen.getByRole('button', { name: 'Supprimer' })).toHaveAccessibleDescription(/Seuls les utilisateurs désactivés/);
    unmount();

    renderButtonBar({ i18n, school, user: manager, selected: [buildSchoolUser({ id: manager.id, disabled: true })] });
    expect(screen.getByRole('button', { name: 'Supprimer' })).toHaveAccessibleDescription(
      'Vous ne pouvez pas vous supprimer vous-même.',
    );
  });

  it('shows the generic error when the deletion fails', async () => {
    mockFetch({ 'DELETE /api/users': { status: 500, body: { code: 'internal_error', message: 'x' } } });
    renderButtonBar({ i18n, school, user: manager, selected: [buildSchoolUser({ disabled: true })] });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));

    await waitFor(() => expect(screen.getByText('Une erreur est survenue.')).toBeInTheDocument());
  });
});
