import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildPageApplication, buildUserPage } from '../user-page/testing';
import { OwnUserPage } from './OwnUserPage';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const ownPage = buildUserPage({
  informations: {
    userId: 7,
    firstName: 'Camille',
    lastName: 'MARTIN',
    login: 'camille.martin',
    password: 'mipa4821',
    qrCode: 'link-token-123',
  },
  applications: [
    buildPageApplication({
      applicationId: 5,
      applicationName: 'Pronote',
      status: 1,
      platformLogin: 'camille.pro',
      platformPassword: 'pro-secret',
      hasPlatformPassword: true,
    }),
    buildPageApplication({ applicationId: 3, applicationName: 'Lalilo', status: 0 }),
  ],
  devices: [
    {
      model: 'iPad',
      operatingSystem: 'iPadOS 17',
      availableSpace: 5000,
      applicationVersion: '3.2.1',
      token: null,
      modificationDate: '2025-10-02T09:15:00.000Z',
    },
  ],
  abilities: { canEditProfile: false, canEditApplications: false, canSeePasswords: false, canUnlock: false },
});

describe('OwnUserPage', () => {
  it('shows a pupil their own access, QR code, enabled applications with credentials and devices, to read only', async () => {
    const fetchMock = mockFetch({ 'GET /api/users/7': { status: 200, body: ownPage } });
    renderWithProviders(<OwnUserPage user={buildSessionUser('Eleve')} />, { i18n });

    expect(screen.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Camille MARTIN' })).toBeInTheDocument();
    expect(screen.getByText('camille.martin')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code de connexion' })).toBeInTheDocument();
    const pronote = screen.getByRole('article', { name: 'Pronote' });
    expect(within(pronote).getByText('camille.pro')).toBeInTheDocument();
    await userEvent.setup().click(within(pronote).getByRole('button', { name: 'Afficher ou masquer : Mot de passe plateforme' }));
    expect(within(pronote).getByText('pro-secret')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Lalilo' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '5,00 Go' })).toBeInTheDocument();

    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suivant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'GET /api/schools/0750001A/users')).toEqual([]);
  });

  it('says so when no application is enabled, and shows the error when the page cannot be read', async () => {
    mockFetch({ 'GET /api/users/7': { status: 200, body: { ...ownPage, applications: [buildPageApplication()] } } });
    const { unmount } = renderWithProviders(<OwnUserPage user={buildSessionUser('Enseignant')} />, { i18n });
    expect(await screen.findByText("Cet utilisateur n'a aucune application.")).toBeInTheDocument();
    unmount();

    mockFetch({ 'GET /api/users/7': { status: 404, body: { code: 'not_found', message: 'No such user' } } });
    renderWithProviders(<OwnUserPage user={buildSessionUser('Enseignant')} />, { i18n });
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue.');
  });
});
