import type { apps } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { TokenReportCard } from './TokenReportCard';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const report: apps.TokenReportSchool[] = [
  {
    uai: '0693284X',
    name: 'Collège Jean Moulin',
    applications: [
      {
        idApplication: 1,
        name: 'Lelivrescolaire.fr',
        users: [
          { Nom: 'Durand', Prenom: 'Léa', Login: 'lea.durand', Erreur: 'Jeton expiré' },
          { Nom: 'Petit', Prenom: 'Hugo', Login: 'hugo.petit', Erreur: 'Utilisateur inconnu' },
        ],
        total: 2,
        truncated: false,
      },
      {
        idApplication: 2,
        name: 'Edulib',
        users: [{ Nom: 'Moreau', Prenom: 'Inès', Login: 'ines.moreau', Erreur: 'Jeton révoqué' }],
        total: 1_250,
        truncated: true,
      },
    ],
  },
  {
    uai: '0441750K',
    name: 'Collège Jules Verne',
    applications: [
      {
        idApplication: 2,
        name: 'Edulib',
        users: [{ Nom: 'Roux', Prenom: 'Noé', Login: 'noe.roux', Erreur: 'x' }],
        total: 1,
        truncated: false,
      },
    ],
  },
];

function renderCard() {
  return renderWithProviders(<TokenReportCard headingLevel={2} />, { i18n, withNotifications: true });
}

describe('token report card', () => {
  it('lists the schools, then on opening one its applications and users in error', async () => {
    mockFetch({ 'GET /api/apps/token-report': { status: 200, body: report } });
    renderCard();

    const school = await screen.findByRole('button', { name: /0693284X - Collège Jean Moulin/ });
    expect(school).toHaveTextContent('Erreurs : 1 252');
    expect(screen.getByRole('button', { name: /0441750K - Collège Jules Verne/ })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await userEvent.setup().click(school);

    // The panel's content mounts as it opens, which a loaded machine may do after the click returns.
    expect((await screen.findAllByRole('heading', { level: 4 })).map((heading) => heading.textContent)).toEqual([
      'Lelivrescolaire.fr',
      'Edulib',
    ]);
    const table = screen.getByRole('table', { name: 'Lelivrescolaire.fr' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nom', 'Prénom', 'Login', 'Erreur']);
    const users = within(table).getAllByRole('row').slice(1);
    expect(
      users.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Durand', 'Léa', 'lea.durand', 'Jeton expiré'],
      ['Petit', 'Hugo', 'hugo.petit', 'Utilisateur inconnu'],
    ]);
    expect(screen.getByText('Seuls les 1 premiers utilisateurs sur 1 250 sont listés.')).toBeInTheDocument();
  });

  it('says when no token is in error', async () => {
    mockFetch({ 'GET /api/apps/token-report': { status: 200, body: [] } });
    renderCard();

    expect(await screen.findByText('Aucune erreur de jeton.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Collège/ })).not.toBeInTheDocument();
  });

  it('shows the generic error toast when the report fails', async () => {
    mockFetch({ 'GET /api/apps/token-report': { status: 500, body: { code: 'internal_error', message: 'boom' } } });
    renderCard();

    expect(await screen.findByText('Une erreur est survenue.')).toBeInTheDocument();
    expect(screen.getByText("Le rapport n'a pas pu être chargé.")).toBeInTheDocument();
  });
});
