import type { ProfileName, UserPage } from '@console/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildSchool } from '#features/users/test-factories';
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
    documents: [],
    abilities: { canEditProfile: false, canEditApplications: false, canSeePasswords: false, canUnlock: false },
  };
}

/** The shell of a user of this profile, at an address (the start by default); resolves once the shell shows. */
async function renderShell(profile: ProfileName, overrides = {}, address = '/') {
  const history = createMemoryHistory({ initialEntries: [address] });
  const result = renderWithProviders(<SignedInShell user={buildSessionUser(profile, overrides)} history={history} />, { i18n });
  await screen.findByRole('banner');
  return { ...result, history };
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
    await renderShell('Administrateur');

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
    expect(screen.getByRole('link', { name: "Vue d'ensemble" })).toHaveAttribute('aria-current', 'page');
  });

  // The users view's chunk brings AG Grid, whose first transform in jsdom takes seconds too.
  it(
    'shows a school administrator the school entries and the help link of their profile, without product-wide ones',
    { timeout: 30_000 },
    async () => {
      const school = buildSchool({ informations: { uai: '0750001A', name: 'Collège Jean Moulin' } });
      mockFetch({
        'GET /api/config': { status: 200, body: config },
        'GET /api/schools/0750001A': { status: 200, body: school },
      });
      const { history } = await renderShell('Administrateur établissement');

      expect(await screen.findByRole('heading', { level: 1, name: 'Utilisateurs' }, { timeout: 25_000 })).toBeInTheDocument();
      expect(history.location.pathname).toBe('/schools/0750001A/users');
      await waitFor(() => expect(document.title).toBe('Utilisateurs — Collège Jean Moulin — Console ENT'));
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

  it('leaves out an entry whose read right is withdrawn', async () => {
    const rights = {
      ...buildSessionUser('Administrateur').rights,
      GlobalMonitoring: { Lecture: 0 as const, Ecriture: 0 as const },
    };
    await renderShell('Administrateur', { rights });

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
      await renderShell(profile);

      expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Camille MARTIN' })).toBeInTheDocument();
      expect(screen.getByText('camille.martin')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'QR code de connexion' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Afficher ou masquer le menu/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    },
  );

  it('opens a view from the menu by its address, marks it as current, and goes back', async () => {
    const { history } = await renderShell('Administrateur');
    expect(history.location.pathname).toBe('/overview');
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Notifications' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/notifications');
    expect(document.title).toBe('Notifications — Console ENT');
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: "Vue d'ensemble" })).not.toHaveAttribute('aria-current');

    act(() => history.back());
    expect(await screen.findByRole('heading', { level: 1, name: "Vue d'ensemble" }, { timeout: 25_000 })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/overview');
  });

  it('toggles with Ctrl+B and keeps the state in the sidebar_state cookie', async () => {
    await renderShell('Administrateur');
    const toggle = screen.getByRole('button', { name: 'Afficher ou masquer le menu (Ctrl+B)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await userEvent.setup().keyboard('{Control>}b{/Control}');

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('sidebar_state=false');
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toHaveAttribute('inert');
  });
});

describe('addresses', () => {
  it("writes the start view's address at once when the browser is at /, before anything can be clicked", async () => {
    window.history.replaceState(null, '', '/?welcome=1');
    try {
      renderWithProviders(<SignedInShell user={buildSessionUser('Administrateur')} />, { i18n });
      expect(window.location.pathname + window.location.search).toBe('/overview?welcome=1');
      expect(await screen.findByRole('link', { name: "Vue d'ensemble" })).toHaveAttribute('aria-current', 'page');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('opens the settings tab an address names, and names the view in the title', async () => {
    mockFetch({
      'GET /api/config': { status: 200, body: config },
      'GET /api/settings/regex': { status: 200, body: [] },
    });
    const { history } = await renderShell('Administrateur', {}, '/settings/regex');

    expect(await screen.findByRole('tab', { name: 'Regex' }, { timeout: 15_000 })).toHaveAttribute('aria-selected', 'true');
    expect(document.title).toBe('Configuration — Console ENT');

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Plateformes' }));
    expect(history.location.pathname).toBe('/settings/platforms');
    act(() => history.back());
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Regex' })).toHaveAttribute('aria-selected', 'true'));
  });

  it('says an address names no page, with the way back to the start', async () => {
    await renderShell('Administrateur', {}, '/settings/regex/extra');

    expect(screen.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Revenir à l'accueil" })).toHaveAttribute('href', '/overview');
    expect(document.title).toBe('Page introuvable — Console ENT');
  });

  it("tells a school administrator that another school's address is not theirs", async () => {
    const fetchMock = mockFetch({ 'GET /api/config': { status: 200, body: config } });
    await renderShell('Administrateur établissement', { uai: '0750001A' }, '/schools/0693284V/dashboard');

    expect(screen.getByRole('heading', { level: 1, name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Revenir à l'accueil" })).toHaveAttribute('href', '/schools/0750001A/users');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(expect.stringContaining('0693284V'));
  });

  it('tells a manager that a school the server refuses them is not theirs', async () => {
    mockFetch({
      'GET /api/config': { status: 200, body: config },
      'GET /api/schools/0693284V': { status: 403, body: { code: 'forbidden', message: 'Forbidden' } },
    });
    await renderShell('Gestionnaire', { uai: null }, '/schools/0693284V/users');

    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Revenir à l'accueil" })).toHaveAttribute('href', '/users');
  });

  it('keeps a pupil on their own page: another view is not theirs', async () => {
    mockFetch({
      'GET /api/config': { status: 200, body: config },
      'GET /api/users/7': { status: 200, body: ownPage('Eleve') },
    });
    await renderShell('Eleve', {}, '/overview');

    expect(screen.getByRole('heading', { level: 1, name: 'Accès refusé' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Revenir à mon compte' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
  });
});
