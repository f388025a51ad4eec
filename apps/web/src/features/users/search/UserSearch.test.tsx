import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { createTestI18n } from '#test/render';
import { renderInShell } from '#features/schools/testing';
import { UserSearchBox } from './UserSearchBox';

const HELENE = {
  id: 41,
  uai: '0693284X',
  city: 'Lyon',
  school: 'Collège Jean Moulin',
  lastname: 'Dupont',
  firstname: 'Hélène',
  login: 'helene.dupont',
  level: '6e',
  className: '6A',
  profile: 'Eleve',
  disabled: false,
};
const JEAN = {
  ...HELENE,
  id: 42,
  uai: '0441750K',
  city: 'Nantes',
  school: 'Collège Jules Verne',
  lastname: 'Dupond',
  firstname: 'Jean',
  login: 'jean.dupond',
  disabled: true,
};

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function renderSearch(answer: () => { status: number; body: unknown }) {
  const fetchMock = mockFetch({ 'GET /api/users/search': answer });
  const result = renderInShell(<UserSearchBox />, { i18n });
  return { ...result, fetchMock };
}

const searchCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/users/search'));

describe('user search', () => {
  it('ignores a blank search: no call, no dialog', async () => {
    const { fetchMock } = renderSearch(() => ({ status: 200, body: { results: [], page: 0, hasMore: false } }));
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Rechercher un utilisateur' }), '   {Enter}');
    await user.click(screen.getAllByRole('button', { name: 'Rechercher' })[0]!);

    expect(searchCalls(fetchMock)).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("reads 'Aucun résultat pour cette recherche.' when nothing matches", async () => {
    renderSearch(() => ({ status: 200, body: { results: [], page: 0, hasMore: false } }));

    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Rechercher un utilisateur' }), 'zzz{Enter}');

    const dialog = await screen.findByRole('dialog', { name: "Recherche d'utilisateurs" });
    expect(await within(dialog).findByText('Aucun résultat pour cette recherche.')).toBeInTheDocument();
  });

  it('shows the results with French column headers, more with "Voir plus"', async () => {
    const { fetchMock } = renderSearch(() => {
      const isSecondPage = searchCalls(fetchMock).length > 1;
      return {
        status: 200,
        body: isSecondPage ? { results: [JEAN], page: 1, hasMore: false } : { results: [HELENE], page: 0, hasMore: true },
      };
    });
    const user = userEvent.setup();

    await user.type(screen.getByRole('textbox', { name: 'Rechercher un utilisateur' }), '  dupon {Enter}');

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Ville', 'Établissement', 'Nom', 'Prénom', 'Identifiant', 'Niveau', 'Classe', 'Profil', 'Désactivé']);
    expect(within(table).getByRole('row', { name: /helene\.dupont/ })).toHaveTextContent(
      'LyonCollège Jean MoulinDupontHélènehelene.dupont6e6AÉlèveNon',
    );
    expect(searchCalls(fetchMock)).toEqual(['/api/users/search?q=dupon&page=0']);

    await user.click(screen.getByRole('button', { name: 'Voir plus' }));

    expect(await within(table).findByRole('row', { name: /jean\.dupond/ })).toHaveTextContent('Oui');
    expect(searchCalls(fetchMock)).toEqual(['/api/users/search?q=dupon&page=0', '/api/users/search?q=dupon&page=1']);
    expect(screen.queryByRole('button', { name: 'Voir plus' })).not.toBeInTheDocument();
  });

  it('opens a user with Enter on their row: their school becomes active, the users view shows them', async () => {
    const { shell } = renderSearch(() => ({ status: 200, body: { results: [HELENE, JEAN], page: 0, hasMore: false } }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Rechercher un utilisateur' }), 'dupon{Enter}');
    const row = await screen.findByRole('row', { name: /jean\.dupond/ });

    act(() => row.focus());
    await user.keyboard('{Enter}');

    expect(shell()).toEqual({
      activeSchoolUai: '0441750K',
      view: 'users',
      place: { view: 'users', uai: '0441750K', userId: 42 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a user with a click', async () => {
    const { shell } = renderSearch(() => ({ status: 200, body: { results: [HELENE], page: 0, hasMore: false } }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Rechercher un utilisateur' }), 'helene{Enter}');

    await user.click(await screen.findByRole('cell', { name: 'helene.dupont' }));

    expect(shell().place).toEqual({ view: 'users', uai: '0693284X', userId: HELENE.id });
  });
});
