import { DEFAULT_RIGHTS, type Statistics } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockAnswer } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { silenceChartSizeWarnings } from '#features/statistics/chart-test-support';
import { OverviewView } from './OverviewView';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  silenceChartSizeWarnings();
});
afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const statistics: Statistics = {
  nbEtab: 1_204,
  usersApp: Array.from({ length: 20 }, (_, index) => ({ name: `Application ${index + 1}`, count: 1_000 - index })),
  repartitionRoles: [
    { profile: 'Eleve', count: 9_000 },
    { profile: 'Enseignant', count: 800 },
  ],
  modeAdmin: { activated: 10, deactivated: 9_790 },
  usersConnectes: { connected: 7_000, neverConnected: 2_800 },
};

const schools = [{ UAI: '0693284X', Nom: 'Collège Jean Moulin', Commune: 'Lyon', Extension: 'jm', Effectif: 300 }];

function mockServer(overrides: Record<string, MockAnswer> = {}) {
  return mockFetch({
    'GET /api/schools/stats': { status: 200, body: statistics },
    'GET /api/schools/': { status: 200, body: schools },
    'GET /api/apps/token-report': { status: 200, body: [] },
    ...overrides,
  });
}

function renderOverview(user = buildSessionUser('Administrateur')) {
  return renderWithProviders(<OverviewView user={user} />, { i18n, withNotifications: true });
}

async function synchronise(formName: string) {
  const form = await screen.findByRole('form', { name: formName });
  await userEvent.setup().click(within(form).getByRole('button', { name: 'Synchroniser' }));
}

describe('overview', () => {
  it('shows the school count and the four charts of every school, the 15 most used applications only', async () => {
    const fetchMock = mockServer();
    renderOverview();

    await screen.findByRole('table', { name: 'Répartition des rôles' });
    const figures = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toContainEqual(['Établissements', '1\u202f204']);
    expect(figures).toContainEqual(['Utilisateurs', '9\u202f800']);
    for (const title of ['Utilisateurs par application', 'Répartition des rôles', 'Connexions', 'Mode admin']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    const applications = within(screen.getByRole('table', { name: 'Utilisateurs par application' })).getAllByRole('rowheader');
    expect(applications.map((cell) => cell.textContent)).toEqual(
      Array.from({ length: 15 }, (_, index) => `Application ${index + 1}`),
    );
    const statisticsCall = fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/schools/stats'));
    expect(String(statisticsCall?.[0])).toBe('/api/schools/stats');
  });

  it("says 'Impossible de récupérer les données' when the statistics fail", async () => {
    mockServer({ 'GET /api/schools/stats': { status: 500, body: { code: 'internal_error', message: 'boom' } } });
    renderOverview();

    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de récupérer les données');
    expect(screen.queryByRole('table', { name: 'Répartition des rôles' })).not.toBeInTheDocument();
  });

  it("shows the server's Commentaire as a success toast when the synchronisation went well", async () => {
    mockServer({
      'POST /api/apps/edulib/update/all': {
        status: 200,
        body: { ok: true, Commentaire: '412 jetons vérifiés dans 3 établissements, 2 en erreur.' },
      },
    });
    renderOverview();

    await synchronise('Edulib');

    expect(await screen.findByText('412 jetons vérifiés dans 3 établissements, 2 en erreur.')).toBeInTheDocument();
    expect(screen.getByText('Synchronisation Edulib effectuée')).toBeInTheDocument();
  });

  it("shows the server's Commentaire as an error toast when the synchronisation did not go well", async () => {
    const commentaire = "La synchronisation Le Livre Scolaire n'est pas configurée sur ce serveur.";
    mockServer({ 'POST /api/apps/le-livre-scolaire/update/all': { status: 200, body: { ok: false, Commentaire: commentaire } } });
    renderOverview();

    await synchronise('Le Livre Scolaire');

    expect(await screen.findByText(commentaire)).toBeInTheDocument();
    expect(screen.getByText('Synchronisation Le Livre Scolaire non effectuée')).toBeInTheDocument();
  });

  it('synchronises the school chosen in the selector', async () => {
    const fetchMock = mockServer({
      'POST /api/apps/edulib/update/0693284X': {
        status: 200,
        body: { ok: true, Commentaire: '30 jetons vérifiés dans 1 établissement, 0 en erreur.' },
      },
    });
    renderOverview();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Edulib' });
    const selector = within(form).getByRole('combobox', { name: 'Établissement' });
    expect(selector).toHaveValue('Tous les établissements');

    await user.click(selector);
    await user.click(await screen.findByRole('option', { name: '0693284X - Collège Jean Moulin - Lyon' }));
    await user.click(within(form).getByRole('button', { name: 'Synchroniser' }));

    expect(await screen.findByText('30 jetons vérifiés dans 1 établissement, 0 en erreur.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input, init]) => `${init?.method} ${String(input)}`)).toContain(
      'POST /api/apps/edulib/update/0693284X',
    );
  });

  it('says the service is unavailable when the synchronisation call cannot reach the server', async () => {
    mockServer({ 'POST /api/apps/edulib/update/all': new Error('offline') });
    renderOverview();

    await synchronise('Edulib');

    expect(
      await screen.findByText('Le service est momentanément indisponible. Réessayez dans quelques instants.'),
    ).toBeInTheDocument();
  });

  it('leaves the synchronisation forms out without the Overview write right, and keeps the token report', async () => {
    mockServer();
    const rights = { ...DEFAULT_RIGHTS.Administrateur, Overview: { Lecture: 1, Ecriture: 0 } } as const;
    renderOverview(buildSessionUser('Administrateur', { rights }));

    expect(await screen.findByText('Aucune erreur de jeton.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Synchroniser' })).not.toBeInTheDocument();
  });
});
