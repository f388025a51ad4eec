import type { ProfileName, UserPage } from '@console/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
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

/** The own page of the signed-in pupil or teacher (id 7), as `GET /users/7` answers it. */
function ownPage(profile: ProfileName): UserPage {
  return {
    informations: {
      userId: 7,
      login: 'camille.martin',
      password: 'mipa4821',
      hasPrintablePassword: true,
      firstName: 'Camille',
      lastName: 'MARTIN',
      email: null,
      level: '6e',
      className: null,
      subject: null,
      tabletNumber: null,
      profile,
      uai: '0750001A',
      schoolName: 'Collège Jean Moulin',
      disabled: false,
      locked: false,
      qrCode: 'link-token-123',
      createdOn: null,
      createdBy: null,
      editedOn: null,
      editedBy: null,
    },
    applications: [],
    options: [],
    devices: [],
    abilities: { canEditProfile: false, canEditApplications: false, canSeePasswords: false, canUnlock: false },
  };
}

function renderShell(profile: ProfileName, overrides = {}) {
  return renderWithProviders(<SignedInShell user={buildSessionUser(profile, overrides)} />, { i18n });
}

function menuEntries(): string[] {
  const menu = screen.getByRole('navigation', { name: 'Menu principal' });
  return [...within(menu).queryAllByRole('button'), ...within(menu).queryAllByRole('link')].map(
    (entry) => entry.textContent ?? '',
  );
}

describe('side menu', () => {
  // The overview's chunk brings the charts, whose first transform in jsdom takes seconds on a busy machine.
  it('shows an Administrateur every product-wide entry and starts on the overview', { timeout: 30_000 }, async () => {
    renderShell('Administrateur');

    expect(await screen.findByRole('heading', { level: 1, name: "Vue d'ensemble" }, { timeout: 25_000 })).toBeInTheDocument();
    expect(menuEntries()).toEqual(
      expect.arrayContaining([
        "Vue d'ensemble",
        'Suivi global',
        'Configuration',
        'Notifications',
        'Gestionnaire de documents',
        'Import',
      ]),
    );
    expect(menuEntries()).not.toContain('Utilisateurs');
    expect(screen.getByRole('button', { name: "Vue d'ensemble" })).toHaveAttribute('aria-current', 'page');
  });

  // The users view's chunk brings AG Grid, whose first transform in jsdom takes seconds too.
  it(
    'shows a school administrator the school entries and the help link of their profile, without product-wide ones',
    { timeout: 30_000 },
    async () => {
      renderShell('Administrateur établissement');

      expect(await screen.findByRole('heading', { level: 1, name: 'Utilisateurs' }, { timeout: 25_000 })).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: /Aide/ })).toHaveAttribute(
        'href',
        config.helpUrls['Administrateur établissement'],
      );
      const entries = menuEntries();
      expect(entries).toEqual(
        expect.arrayContaining(['Utilisateurs', 'Tableau de bord', 'Suivi du déploiement', "Paramètres de l'établissement"]),
      );
      expect(entries).not.toContain("Vue d'ensemble");
      expect(entries).not.toContain('Configuration');
    },
  );

  it('leaves out an entry whose read right is withdrawn', () => {
    const rights = {
      ...buildSessionUser('Administrateur').rights,
      GlobalMonitoring: { Lecture: 0 as const, Ecriture: 0 as const },
    };
    renderShell('Administrateur', { rights });

    expect(menuEntries()).not.toContain('Suivi global');
    expect(menuEntries()).toContain('Configuration');
  });

  it.each<ProfileName>(['Eleve', 'Enseignant'])(
    'is hidden, with no toggle, for %s, who sees their own user page',
    async (profile) => {
      mockFetch({
        'GET /api/config': { status: 200, body: config },
        'GET /api/users/7': { status: 200, body: ownPage(profile) },
      });
      renderShell(profile);

      expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Camille MARTIN' })).toBeInTheDocument();
      expect(screen.getByText('camille.martin')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'QR code de connexion' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Afficher ou masquer le menu/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    },
  );

  it('opens a view from the menu and marks it as current', async () => {
    renderShell('Administrateur');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Notifications' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
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
