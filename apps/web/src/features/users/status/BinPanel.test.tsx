import type { BinnedUser } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n, createTestQueryClient, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { authQueryKeys } from '#features/auth/api';
import { SCHOOL_UAI } from '../test-factories';
import { BinPanel } from './BinPanel';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

function binned(overrides: Partial<BinnedUser> & Pick<BinnedUser, 'id' | 'login'>): BinnedUser {
  return {
    firstname: 'Ana',
    lastname: 'BERT',
    profile: 'Eleve',
    level: '6e',
    className: '6A',
    deletedAt: '2030-03-01T10:00:00Z',
    deletedBy: 'Camille Martin',
    purgeAt: '2030-03-31T10:00:00Z',
    ...overrides,
  };
}

const BIN = [
  binned({ id: 1, login: 'ana.bert' }),
  binned({
    id: 2,
    login: 'leo.roux',
    firstname: 'Léo',
    lastname: 'ROUX',
    profile: 'Enseignant',
    level: null,
    className: null,
    deletedBy: null,
  }),
];

function renderBin(routes: Parameters<typeof mockFetch>[0], user = buildSessionUser('Gestionnaire')) {
  const fetchMock = mockFetch(routes);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(authQueryKeys.session, user);
  renderWithProviders(<BinPanel uai={SCHOOL_UAI} />, { i18n, queryClient, withNotifications: true });
  return { fetchMock, user: userEvent.setup() };
}

describe('bin panel', () => {
  it('lists the binned users with who deleted them and when they go for good', async () => {
    renderBin({ 'GET /api/users/bin': { status: 200, body: { users: BIN } } });

    const table = await screen.findByRole('table', { name: 'Corbeille' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('BERT Ana');
    expect(rows[1]).toHaveTextContent('ana.bert');
    expect(rows[1]).toHaveTextContent('Élève');
    expect(rows[1]).toHaveTextContent('6e · 6A');
    expect(rows[1]).toHaveTextContent(/1 mars 2030 par Camille Martin/);
    expect(rows[1]).toHaveTextContent(/31 mars 2030/);
    expect(rows[2]).toHaveTextContent('Aucune classe');
    expect(screen.getByRole('button', { name: 'Restaurer (0)' })).toBeDisabled();
  });

  it('restores the chosen users', async () => {
    const { fetchMock, user } = renderBin({
      'GET /api/users/bin': { status: 200, body: { users: BIN } },
      'POST /api/users/bin/restore': { status: 200, body: { count: 1 } },
    });

    await user.click(await screen.findByRole('checkbox', { name: 'Sélectionner Léo ROUX' }));
    await user.click(screen.getByRole('button', { name: 'Restaurer (1)' }));

    expect(await screen.findByText('1 utilisateur a bien été restauré.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/users/bin/restore')).toEqual([{ ids: [2] }]);
  });

  it('explains a login conflict', async () => {
    const { user } = renderBin({
      'GET /api/users/bin': { status: 200, body: { users: BIN } },
      'POST /api/users/bin/restore': { status: 409, body: { code: 'conflict', message: 'x', details: { logins: ['ana.bert'] } } },
    });

    await user.click(await screen.findByRole('checkbox', { name: 'Sélectionner tous les utilisateurs de la corbeille' }));
    await user.click(screen.getByRole('button', { name: 'Restaurer (2)' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Un utilisateur actuel porte désormais l'identifiant d'un utilisateur à restaurer.");
    expect(alert).toHaveTextContent('Identifiants concernés : ana.bert.');
  });

  it('says when the bin is empty, and keeps restore off without the right', async () => {
    const rights = { ...buildSessionUser('Gestionnaire').rights, ButtonBar_buttonDelete: { Lecture: 1, Ecriture: 0 } } as const;
    renderBin({ 'GET /api/users/bin': { status: 200, body: { users: [] } } }, buildSessionUser('Gestionnaire', { rights }));

    expect(await screen.findByText('La corbeille est vide.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Restaurer (0)' })).toBeDisabled());
  });
});
