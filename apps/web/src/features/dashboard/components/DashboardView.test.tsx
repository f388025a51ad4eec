import type { Statistics } from '@console/contract';
import { screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { silenceChartSizeWarnings } from '#features/statistics/chart-test-support';
import { DashboardView } from './DashboardView';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  silenceChartSizeWarnings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const statistics: Statistics = {
  nbEtab: 1,
  usersApp: [
    { name: 'Lelivrescolaire.fr', count: 640 },
    { name: 'Edulib', count: 520 },
    { name: 'Educadhoc', count: 310 },
    { name: 'Quizeo', count: 120 },
    { name: 'Kwyk', count: 80 },
    { name: 'Nathan', count: 41 },
    { name: 'Bordas', count: 9 },
  ],
  repartitionRoles: [
    { profile: 'Eleve', count: 612 },
    { profile: 'Enseignant', count: 48 },
  ],
  modeAdmin: { activated: 4, deactivated: 656 },
  usersConnectes: { connected: 501, neverConnected: 159 },
};

const schools = [{ UAI: '0693284X', Nom: 'Collège Jean Moulin', Commune: 'Lyon', Extension: 'jm', Effectif: 612 }];

describe('dashboard', () => {
  it("shows the active school's four charts, its top 5 applications then 'Autres'", async () => {
    const fetchMock = mockFetch({
      'GET /api/schools/stats': { status: 200, body: statistics },
      'GET /api/schools/': { status: 200, body: schools },
    });
    renderWithProviders(<DashboardView uai="0693284X" />, { i18n });

    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
    expect(await screen.findByText('Collège Jean Moulin · UAI 0693284X')).toBeInTheDocument();
    const applications = within(await screen.findByRole('table', { name: 'Utilisateurs par application' })).getAllByRole(
      'rowheader',
    );
    expect(applications.map((cell) => cell.textContent)).toEqual([
      'Lelivrescolaire.fr',
      'Edulib',
      'Educadhoc',
      'Quizeo',
      'Kwyk',
      'Autres',
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Utilisateurs par application',
      'Répartition des rôles',
      'Connexions',
      'Mode admin',
    ]);
    expect(screen.queryByText('Établissements')).not.toBeInTheDocument();
    const statisticsCall = fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/schools/stats'));
    expect(String(statisticsCall?.[0])).toBe('/api/schools/stats?uai=0693284X');
  });

  it("says 'Impossible de récupérer les données' when the statistics fail", async () => {
    mockFetch({
      'GET /api/schools/stats': { status: 403, body: { code: 'forbidden', message: 'no' } },
      'GET /api/schools/': { status: 200, body: schools },
    });
    renderWithProviders(<DashboardView uai="0693284X" />, { i18n });

    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de récupérer les données');
  });
});
