import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildWorkflow } from '#features/workflows/test-fixtures';
import { resetFakeRealtime } from '#features/workflows/test-realtime';
import { mockFetch } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { renderInShell } from '#features/schools/testing';
import { useShell } from '#app/shell/ShellContext';
import { ViewSwitch } from './ViewSwitch';

vi.mock('#lib/realtime', () => import('#features/workflows/test-realtime'));

const UAI = '0693284A';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetFakeRealtime();
});

/** The view of the shell's place, as the signed-in shell shows it. */
function ShellView({ user }: { user: ReturnType<typeof buildSessionUser> }) {
  const { place } = useShell();
  return <ViewSwitch place={place} user={user} />;
}

describe('view switch', () => {
  it(
    'shows the tracker skeleton of 13 steps, not a bare loader, while the monitoring view first loads',
    { timeout: 20_000 },
    async () => {
      mockFetch({
        [`GET /api/workflows/${UAI}`]: { status: 200, body: buildWorkflow() },
        [`GET /api/workflows/${UAI}/quote`]: { status: 200, body: { uai: UAI, status: 'pending' } },
        'GET /api/schools/': { status: 200, body: [] },
      });
      renderWithProviders(<ViewSwitch place={{ view: 'monitoring', uai: UAI }} user={buildSessionUser('Administrateur')} />, {
        i18n,
      });

      // The view's code is still loading here: what shows is its placeholder.
      expect(screen.getByRole('heading', { level: 1, name: 'Suivi du déploiement' })).toBeInTheDocument();
      const status = screen.getByRole('status');
      expect(status).toHaveTextContent('Chargement du suivi…');
      expect(status).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByTestId('workflow-skeleton').querySelectorAll(':scope > [aria-hidden]')).toHaveLength(13);
      expect(screen.queryByLabelText('Chargement…')).not.toBeInTheDocument();

      expect(await screen.findAllByRole('tab', {}, { timeout: 15_000 })).toHaveLength(13);
      expect(screen.queryByTestId('workflow-skeleton')).not.toBeInTheDocument();
    },
  );

  it('shows a loader while the config view loads, then the general settings', { timeout: 20_000 }, async () => {
    mockFetch({ 'GET /api/settings/tabuleo': { status: 200, body: { helpCenter: 'https://aide.exemple.fr' } } });
    const { shell } = renderInShell(<ShellView user={buildSessionUser('Administrateur')} />, {
      i18n,
      initial: { view: 'config' },
    });

    expect(screen.getByLabelText('Chargement…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Paramètres généraux' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Centre d’aide')).toHaveValue('https://aide.exemple.fr');
    expect(screen.getByRole('tab', { name: 'Tabuléo' })).toHaveAttribute('aria-selected', 'true');

    // The tab chosen is where the console goes (the address mirrors it), and the tab follows where it is.
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Regex' }));
    expect(shell().place).toEqual({ view: 'config', tab: 'regex' });
    expect(screen.getByRole('tab', { name: 'Regex' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the document manager, which needs no school', { timeout: 20_000 }, async () => {
    mockFetch({ 'GET /api/files/all': { status: 200, body: { files: [], maxBucketSize: 1_000_000_000, usedBytes: 0 } } });
    renderWithProviders(<ViewSwitch place={{ view: 'document_manager' }} user={buildSessionUser('Gestionnaire')} />, { i18n });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gestionnaire de documents' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Aucun document.')).toBeInTheDocument();
  });

  it('shows the notifications view, which needs no school, on its new notification tab', { timeout: 20_000 }, async () => {
    mockFetch({ 'GET /api/settings/apps': { status: 200, body: [] } });
    renderWithProviders(<ViewSwitch place={{ view: 'notifications' }} user={buildSessionUser('Administrateur')} />, { i18n });

    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Nouvelle notification' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: "Calculer l'audience" })).toBeInTheDocument();
  });
});
