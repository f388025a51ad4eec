import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { authQueryKeys } from '../api';
import { SignInScreen } from './SignInScreen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

async function submitCredentials(login = 'admin.demo', password = 'secret') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Identifiant'), login);
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('sign-in form', () => {
  it.each<[string, MockAnswer, string]>([
    [
      'wrong credentials',
      { status: 401, body: { code: 'invalid_credentials', message: 'x' } },
      'Identifiant ou mot de passe incorrect.',
    ],
    [
      'a locked account',
      { status: 423, body: { code: 'account_locked', message: 'x' } },
      'Votre compte est verrouillé suite à plusieurs tentatives de connexion infructueuses. Contactez votre administrateur.',
    ],
    [
      'too many attempts',
      { status: 429, body: { code: 'too_many_attempts', message: 'x' } },
      'Trop de tentatives de connexion. Réessayez dans quelques minutes.',
    ],
    ['a server failure', { status: 500, body: { code: 'internal_error', message: 'x' } }, 'Une erreur est survenue.'],
    [
      'a database outage',
      { status: 503, body: { code: 'database_unavailable', message: 'x' } },
      'Le service est momentanément indisponible. Réessayez dans quelques instants.',
    ],
    [
      'an unreachable server',
      new TypeError('Failed to fetch'),
      'Le service est momentanément indisponible. Réessayez dans quelques instants.',
    ],
  ])('shows the message for %s under the login field', async (_case, answer, message) => {
    mockFetch({ 'POST /api/auth/login': answer });
    renderWithProviders(<SignInScreen />, { i18n });

    await submitCredentials();

    const loginField = screen.getByLabelText('Identifiant');
    await waitFor(() => expect(loginField).toHaveAccessibleDescription(message));
    expect(loginField).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  });

  it('shows the server field errors under their fields', async () => {
    mockFetch({
      'POST /api/auth/login': {
        status: 400,
        body: { code: 'validation_failed', message: 'x', details: { fieldErrors: { password: ['global.errors.required'] } } },
      },
    });
    renderWithProviders(<SignInScreen />, { i18n });

    await submitCredentials();

    await waitFor(() => expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription('Ce champ est obligatoire.'));
  });

  it('asks for both fields before calling the server', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<SignInScreen />, { i18n });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(screen.getByLabelText('Identifiant')).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the success state, then signs in after the fade', async () => {
    const signedIn = buildSessionUser('Administrateur');
    const fetchMock = mockFetch({ 'POST /api/auth/login': { status: 200, body: signedIn } });
    const { queryClient } = renderWithProviders(<SignInScreen />, { i18n });

    await submitCredentials('admin.demo', 'Admin#2026');

    expect(await screen.findByRole('button', { name: 'Connexion réussie' })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/auth/login')).toEqual([{ login: 'admin.demo', password: 'Admin#2026' }]);
    expect(queryClient.getQueryData(authQueryKeys.session)).toBeUndefined();
    await waitFor(() => expect(queryClient.getQueryData(authQueryKeys.session)).toEqual(signedIn));
  });

  it('lets the password be shown with a labelled toggle', async () => {
    mockFetch({});
    renderWithProviders(<SignInScreen />, { i18n });
    const password = screen.getByLabelText('Mot de passe');
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Afficher le champ « Mot de passe »' }));

    expect(password).toHaveAttribute('type', 'text');
  });
});

describe('sign-in by link', () => {
  it('signs in with the iduser token 600 ms after the screen shows', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/?iduser=good-token');
    const signedIn = buildSessionUser('Eleve');
    const fetchMock = mockFetch({ 'POST /api/auth/login/token': { status: 200, body: signedIn } });
    const { queryClient } = renderWithProviders(<SignInScreen />, { i18n });
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

    expect(screen.getByRole('status')).toHaveTextContent('Connexion par lien en cours…');
    await advance(590);
    expect(bodiesSentTo(fetchMock, 'POST /api/auth/login/token')).toEqual([]);

    await advance(20);
    expect(bodiesSentTo(fetchMock, 'POST /api/auth/login/token')).toEqual([{ id: 'good-token', loginWithUrl: true }]);
    expect(screen.getByRole('button', { name: 'Connexion réussie' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(queryClient.getQueryData(authQueryKeys.session)).toBeUndefined();

    await advance(400);
    expect(queryClient.getQueryData(authQueryKeys.session)).toEqual(signedIn);
  });

  it('removes iduser from the URL and shows the error when the link is refused', async () => {
    window.history.replaceState(null, '', '/?iduser=bad-token&other=1');
    mockFetch({ 'POST /api/auth/login/token': { status: 401, body: { code: 'invalid_credentials', message: 'x' } } });
    renderWithProviders(<SignInScreen />, { i18n });

    await waitFor(() =>
      expect(screen.getByLabelText('Identifiant')).toHaveAccessibleDescription('Identifiant ou mot de passe incorrect.'),
    );
    expect(window.location.search).toBe('?other=1');
  });
});
