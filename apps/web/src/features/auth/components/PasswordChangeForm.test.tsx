import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { PasswordChangeForm } from './PasswordChangeForm';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const RULES = 'Le mot de passe doit contenir au moins 8 caractères, dont un chiffre et une majuscule, sans espace.';

async function fill(values: { current?: string; next?: string; confirmation?: string }) {
  const user = userEvent.setup();
  if (values.current) await user.type(screen.getByLabelText('Mot de passe actuel'), values.current);
  if (values.next) await user.type(screen.getByLabelText('Nouveau mot de passe'), values.next);
  if (values.confirmation) await user.type(screen.getByLabelText('Confirmation du nouveau mot de passe'), values.confirmation);
  await user.click(screen.getByRole('button', { name: 'Modifier le mot de passe' }));
}

describe('password change form', () => {
  it.each([
    ['too short', 'Ab1'],
    ['without a digit', 'Abcdefgh'],
    ['without an uppercase letter', 'abcdefg1'],
    ['with a space', 'Abcd efg1'],
  ])('explains the rules under the new password when it is %s, without calling the server', async (_case, password) => {
    const fetchMock = mockFetch({});
    renderWithProviders(<PasswordChangeForm />, { i18n });

    await fill({ current: 'Old#2026', next: password, confirmation: password });

    expect(screen.getByLabelText('Nouveau mot de passe')).toHaveAccessibleDescription(expect.stringContaining(RULES));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the current password', async () => {
    mockFetch({});
    renderWithProviders(<PasswordChangeForm />, { i18n });

    await fill({ next: 'Nouveau#2026', confirmation: 'Nouveau#2026' });

    expect(screen.getByLabelText('Mot de passe actuel')).toHaveAccessibleDescription('Ce champ est obligatoire.');
  });

  it('says when the confirmation does not match', async () => {
    mockFetch({});
    renderWithProviders(<PasswordChangeForm />, { i18n });

    await fill({ current: 'Old#2026', next: 'Nouveau#2026', confirmation: 'Nouveau#2027' });

    expect(screen.getByLabelText('Confirmation du nouveau mot de passe')).toHaveAccessibleDescription(
      'Les mots de passe ne correspondent pas.',
    );
  });

  it('shows a wrong current password under its field and a failure toast', async () => {
    mockFetch({
      'PUT /api/auth/password': {
        status: 400,
        body: {
          code: 'invalid_current_password',
          message: 'x',
          details: { fieldErrors: { currentPassword: ['invalid_current_password'] } },
        },
      },
    });
    renderWithProviders(<PasswordChangeForm />, { i18n, withNotifications: true });

    await fill({ current: 'Wrong#2026', next: 'Nouveau#2026', confirmation: 'Nouveau#2026' });

    expect(await screen.findByText("Le mot de passe n'a pas pu être modifié.")).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveAccessibleDescription('Le mot de passe actuel est incorrect.');
  });

  it('maps the server rule messages onto their fields', async () => {
    mockFetch({
      'PUT /api/auth/password': {
        status: 400,
        body: { code: 'validation_failed', message: 'x', details: { fieldErrors: { confirmation: ['not_matching'] } } },
      },
    });
    renderWithProviders(<PasswordChangeForm />, { i18n, withNotifications: true });

    await fill({ current: 'Old#2026', next: 'Nouveau#2026', confirmation: 'Nouveau#2026' });

    await waitFor(() =>
      expect(screen.getByLabelText('Confirmation du nouveau mot de passe')).toHaveAccessibleDescription(
        'Les mots de passe ne correspondent pas.',
      ),
    );
  });

  it('changes the password, confirms with a toast and empties the form', async () => {
    const fetchMock = mockFetch({ 'PUT /api/auth/password': { status: 200, body: { ok: true } } });
    renderWithProviders(<PasswordChangeForm />, { i18n, withNotifications: true });

    await fill({ current: 'Old#2026', next: 'Nouveau#2026', confirmation: 'Nouveau#2026' });

    expect(await screen.findByText('Votre mot de passe a bien été modifié.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/auth/password')).toEqual([
      { currentPassword: 'Old#2026', newPassword: 'Nouveau#2026', confirmation: 'Nouveau#2026' },
    ]);
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveValue('');
  });
});
