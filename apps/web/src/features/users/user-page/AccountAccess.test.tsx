import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockAnswer } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { UserPageDrawer } from './UserPageDrawer';
import { buildSchoolWithUsers, buildUserPage } from './testing';

// A locked account and a lost sign-in sheet, on the user page: unlocking, and a new sign-in link.

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

type Page = ReturnType<typeof buildUserPage>;

/** User 12's page, opened by an Administrateur, answering `pages` one after another (the last stays). */
function openPage(pages: Page[], calls: Record<string, MockAnswer> = {}) {
  let served = 0;
  const fetchMock = mockFetch({
    'GET /api/users/12': () => ({ status: 200, body: pages[Math.min(served++, pages.length - 1)] }),
    'GET /api/schools/0750001A/users': { status: 200, body: buildSchoolWithUsers() },
    ...calls,
  });
  renderWithProviders(
    <UserPageDrawer
      userId={12}
      user={buildSessionUser('Administrateur')}
      getOrderedIds={() => [12]}
      onNavigate={() => undefined}
      onClose={() => undefined}
    />,
    { i18n, withNotifications: true },
  );
  return { fetchMock, events: userEvent.setup() };
}

const locked = (canUnlock: boolean) =>
  buildUserPage({
    informations: { locked: true },
    abilities: { canEditProfile: true, canEditApplications: true, canSeePasswords: true, canUnlock },
  });

describe('a locked account', () => {
  it('says so, and an Administrateur unlocks it: the page then shows it unlocked', async () => {
    const { fetchMock, events } = openPage([locked(true), buildUserPage()], {
      'POST /api/auth/unlock/12': { status: 204 },
    });
    const alert = await screen.findByRole('alert', { name: 'Compte verrouillé' });
    expect(alert).toHaveTextContent(
      "Ce compte est verrouillé après plusieurs mots de passe erronés : l'utilisateur ne peut plus se connecter.",
    );
    await events.click(within(alert).getByRole('button', { name: 'Déverrouiller le compte' }));

    expect(await screen.findByText('Le compte de Léa DURAND a été déverrouillé.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Compte verrouillé' })).toBeNull());
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/auth/unlock/12'))).toHaveLength(1);
  });

  it('tells whoever may not unlock it who can, with no button', async () => {
    openPage([locked(false)]);
    const alert = await screen.findByRole('alert', { name: 'Compte verrouillé' });
    expect(alert).toHaveTextContent('Seul un administrateur peut le déverrouiller.');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('shows nothing for an account that is not locked', async () => {
    openPage([buildUserPage()]);
    expect(await screen.findByRole('button', { name: 'Nouveau lien de connexion' })).toBeVisible();
    expect(screen.queryByRole('alert', { name: 'Compte verrouillé' })).toBeNull();
  });

  it('keeps the account locked and says why when the server refuses', async () => {
    const { events } = openPage([locked(true)], {
      'POST /api/auth/unlock/12': {
        status: 403,
        body: { code: 'forbidden', message: 'no', details: { reason: 'unlock_not_allowed' } },
      },
    });
    const alert = await screen.findByRole('alert', { name: 'Compte verrouillé' });
    await events.click(within(alert).getByRole('button', { name: 'Déverrouiller le compte' }));
    expect(await screen.findByText('Seul un administrateur peut déverrouiller un compte.')).toBeVisible();
    expect(screen.getByRole('alert', { name: 'Compte verrouillé' })).toBeVisible();
  });
});

describe('a new sign-in link', () => {
  it('asks first, then replaces the link: the page shows the new QR code', async () => {
    const renewed = buildUserPage({ informations: { qrCode: 'tok-lea-456' } });
    const { fetchMock, events } = openPage([buildUserPage(), renewed], {
      'POST /api/auth/link-token/12': { status: 200, body: { linkToken: 'tok-lea-456' } },
    });
    await events.click(await screen.findByRole('button', { name: 'Nouveau lien de connexion' }));
    const dialog = screen.getByRole('dialog', { name: 'Remplacer le lien de connexion ?' });
    expect(dialog).toHaveTextContent(
      'Le lien actuel et le QR code des fiches déjà imprimées ne permettront plus de se connecter.',
    );
    await events.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remplacer le lien de connexion ?' })).toBeNull());
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/link-token/'))).toHaveLength(0);

    await events.click(screen.getByRole('button', { name: 'Nouveau lien de connexion' }));
    await events.click(
      within(screen.getByRole('dialog', { name: 'Remplacer le lien de connexion ?' })).getByRole('button', {
        name: 'Nouveau lien de connexion',
      }),
    );
    expect(
      await screen.findByText(
        'Un nouveau lien de connexion a été créé : les fiches imprimées avant ne permettent plus de se connecter.',
      ),
    ).toBeVisible();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/auth/link-token/12'))).toHaveLength(1);
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/users/12'))).toHaveLength(2),
    );
  });

  it('is not offered to whoever may not edit the profile', async () => {
    openPage([
      buildUserPage({
        abilities: { canEditProfile: false, canEditApplications: false, canSeePasswords: false, canUnlock: false },
      }),
    ]);
    expect(await screen.findByRole('img', { name: 'QR code de connexion' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Nouveau lien de connexion' })).toBeNull();
  });
});
