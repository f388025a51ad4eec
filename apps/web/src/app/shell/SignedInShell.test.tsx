import type { ProfileName } from '@console/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { createTestI18n, renderWithProviders } from '../../test/render';
import { buildSessionUser } from '../../test/users';
import { SignedInShell } from './SignedInShell';

const config = {
  version: '3.1.0',
  helpUrls: { Gestionnaire: 'https://help.example/manager', 'Administrateur établissement': 'https://help.example/school' },
  termsUrl: 'https://help.example/terms',
  accessibilityUrl: 'https://help.example/a11y',
};

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => {
  mockFetch({ 'GET /api/config': { status: 200, body: config } });
  document.cookie = 'sidebar_state=; max-age=0; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderShell(profile: ProfileName, overrides = {}) {
  return renderWithProviders(<SignedInShell user={buildSessionUser(profile, overrides)} />, { i18n });
}

function menuEntries(): string[] {
  const menu = screen.getByRole('navigation', { name: 'Menu principal' });
  return [...within(menu).queryAllByRole('button'), ...within(menu).queryAllByRole('link')].map((entry) => entry.textContent ?? '');
}

describe('side menu', () => {
  // The overview's chunk brings the charts, whose first transform in jsdom takes seconds on a busy machine.
  it('shows an Administrateur every product-wide entry and starts on the overview', { timeout: 30_000 }, async () => {
    renderShell('Administrateur');

    expect(await screen.findByRole('heading', { level: 1, name: "Vue d'ensemble" }, { timeout: 25_000 })).toBeInTheDocument();
    expect(menuEntries()).toEqual(
      expect.arrayContaining(["Vue d'ensemble", 'Suivi global', 'Configuration', 'Notifications', 'Gestionnaire de documents', 'Import']),
    );
    expect(menuEntries()).not.toContain('Utilisateurs');
    expect(screen.getByRole('button', { name: "Vue d'ensemble" })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a school administrator the school entries and the help link of their profile, without product-wide ones', async () => {
    renderShell('Administrateur établissement');

    expect(await screen.findByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Aide/ })).toHaveAttribute('href', config.helpUrls['Administrateur établissement']);
    const entries = menuEntries();
    expect(entries).toEqual(expect.arrayContaining(['Utilisateurs', 'Tableau de bord', 'Suivi du déploiement', "Paramètres de l'établissement"]));
    expect(entries).not.toContain("Vue d'ensemble");
    expect(entries).not.toContain('Configuration');
  });

  it('leaves out an entry whose read right is withdrawn', () => {
    const rights = { ...buildSessionUser('Administrateur').rights, GlobalMonitoring: { Lecture: 0 as const, Ecriture: 0 as const } };
    renderShell('Administrateur', { rights });

    expect(menuEntries()).not.toContain('Suivi global');
    expect(menuEntries()).toContain('Configuration');
  });

  it.each<ProfileName>(['Eleve', 'Enseignant'])('is hidden, with no toggle, for %s, who sees their own account', (profile) => {
    renderShell(profile);

    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Afficher ou masquer le menu/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    expect(screen.getByText('camille.martin')).toBeInTheDocument();
  });

  it('opens a view from the menu and marks it as current', async () => {
    renderShell('Administrateur');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Configuration' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Configuration' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Configuration' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: "Vue d'ensemble" })).not.toHaveAttribute('aria-current');
  });

  it('toggles with Ctrl+B and keeps the state in the sidebar_state cookie', async () => {
    renderShell('Administrateur');
    const toggle = screen.getByRole('button', { name: 'Afficher ou masquer le menu (Ctrl+B)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await userEvent.setup().keyboard('{Control>}b{/Control}');

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('sidebar_state=false');
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toHaveAttribute('inert');
  });
});
