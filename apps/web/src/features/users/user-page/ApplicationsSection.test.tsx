import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { UserPageDrawer } from './UserPageDrawer';
import { buildSchoolApplication, buildSchoolPlatform } from '../test-factories';
import { buildPageApplication, buildSchoolWithUsers, buildUserPage } from './testing';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const access = { firstName: 'Léa', lastName: 'DURAND', login: 'lea.durand', email: null };

/** Lalilo needs a code (no common one); Pronote needs nothing. */
const school = buildSchoolWithUsers({
  applications: [
    buildSchoolApplication({ urlSchemeLoginRequired: true, urlSchemeCodeRequired: true }),
    buildSchoolApplication({ idApplication: 5, name: 'Pronote', platformId: 'PRO' }),
  ],
  platforms: [buildSchoolPlatform(), buildSchoolPlatform({ platformId: 'PRO', platformName: 'Pronote' })],
});

const lalilo = buildPageApplication({ platformLogin: 'lea.kne', hasPlatformPassword: true });
const pronote = buildPageApplication(
  {
    applicationId: 5,
    applicationName: 'Pronote',
    platformId: 'PRO',
    status: 1,
    platformPassword: 'secret-pro',
    hasPlatformPassword: true,
    applicationKeys: 'K-1',
    worksWithCas: true,
    platformValidToken: 'OK',
  },
  'https://pronote.example/lea',
);

async function openApps({
  applications = [lalilo, pronote],
  putAnswer,
}: { applications?: ReturnType<typeof buildPageApplication>[]; putAnswer?: MockAnswer } = {}) {
  const page = buildUserPage({ applications });
  const fetchMock = mockFetch({
    'GET /api/users/12': { status: 200, body: page },
    'PUT /api/users/12': putAnswer ?? { status: 200, body: page },
    'GET /api/schools/0750001A/users': { status: 200, body: school },
  });
  renderWithProviders(
    <UserPageDrawer
      userId={12}
      user={buildSessionUser('Gestionnaire')}
      getOrderedIds={() => [12]}
      onNavigate={() => undefined}
      onClose={() => undefined}
    />,
    { i18n, withNotifications: true },
  );
  const events = userEvent.setup();
  await events.click(await screen.findByRole('tab', { name: 'Mes applications' }));
  return { fetchMock, events };
}

describe('the applications section', () => {
  it('shows each application with its credentials, keys, CAS flag, token validity and link', async () => {
    const { events } = await openApps({
      applications: [
        pronote,
        buildPageApplication({ applicationId: 8, applicationName: 'Quizeo', platformValidToken: 'Jeton expiré' }),
      ],
    });

    const card = screen.getByRole('article', { name: 'Pronote' });
    expect(within(card).getByText('K-1')).toBeInTheDocument();
    expect(within(card).getByText('Oui')).toBeInTheDocument();
    expect(within(card).getByText('Disponible')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'https://pronote.example/lea' })).toHaveAttribute(
      'href',
      'https://pronote.example/lea',
    );
    expect(within(card).queryByText('secret-pro')).not.toBeInTheDocument();
    await events.click(within(card).getByRole('button', { name: 'Afficher ou masquer : Mot de passe plateforme' }));
    expect(within(card).getByText('secret-pro')).toBeInTheDocument();

    const quizeo = screen.getByRole('article', { name: 'Quizeo' });
    expect(within(quizeo).getByText('Jeton expiré')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Pronote' })).getByText('Validité du jeton')).toBeInTheDocument();
  });

  it('shows no token line for an application never checked', async () => {
    await openApps({ applications: [lalilo] });

    expect(within(screen.getByRole('article', { name: 'Lalilo' })).queryByText('Validité du jeton')).not.toBeInTheDocument();
  });

  it('says so when the user has no application', async () => {
    await openApps({ applications: [] });

    expect(screen.getByText("Cet utilisateur n'a aucune application.")).toBeInTheDocument();
  });

  it('asks the missing code before enabling an application that requires one, then sends status and credentials', async () => {
    const { events, fetchMock } = await openApps();

    await events.click(screen.getByRole('switch', { name: "Activer l'application Lalilo" }));
    const modal = await screen.findByRole('dialog', { name: 'Accès à Lalilo' });
    expect(within(modal).getByLabelText(/^Identifiant/)).toHaveValue('lea.kne');
    expect(within(modal).getByLabelText(/^Mot de passe/)).toBeDisabled();
    await events.type(within(modal).getByLabelText(/^Code/), 'ABC-42');
    await events.click(within(modal).getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText("L'application Lalilo a bien été activée.")).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')).toEqual([
      { informations: access, applications: [{ applicationId: 3, status: 1, platformLogin: 'lea.kne', keys: 'ABC-42' }] },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Accès à Lalilo' })).not.toBeInTheDocument();
  });

  it('leaves the switch off when the credentials are cancelled, with no call', async () => {
    const { events, fetchMock } = await openApps();

    await events.click(screen.getByRole('switch', { name: "Activer l'application Lalilo" }));
    await events.click(
      within(await screen.findByRole('dialog', { name: 'Accès à Lalilo' })).getByRole('button', { name: 'Annuler' }),
    );

    expect(screen.getByRole('switch', { name: "Activer l'application Lalilo" })).not.toBeChecked();
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')).toEqual([]);
  });

  it('closes only the credentials modal with Escape, the page staying open', async () => {
    const { events } = await openApps();

    await events.click(screen.getByRole('switch', { name: "Activer l'application Lalilo" }));
    await screen.findByRole('dialog', { name: 'Accès à Lalilo' });
    await events.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accès à Lalilo' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Fiche utilisateur' })).toBeInTheDocument();
  });

  it('enables at once an application whose credentials are all there', async () => {
    const { events, fetchMock } = await openApps({
      applications: [lalilo, { ...pronote, informations: { ...pronote.informations, status: 0 } }],
    });

    await events.click(screen.getByRole('switch', { name: "Activer l'application Pronote" }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')).toEqual([
        { informations: access, applications: [{ applicationId: 5, status: 1 }] },
      ]),
    );
    expect(screen.queryByRole('dialog', { name: /^Accès à/ })).not.toBeInTheDocument();
  });

  it('puts the switch back with the application message when disabling fails', async () => {
    const { events, fetchMock } = await openApps({
      putAnswer: { status: 500, body: { code: 'internal_error', message: 'boom' } },
    });
    const toggle = screen.getByRole('switch', { name: "Activer l'application Pronote" });
    expect(toggle).toBeChecked();

    await events.click(toggle);

    expect(await screen.findByText("Impossible de désactiver l'application Pronote.")).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: "Activer l'application Pronote" })).toBeChecked();
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/12')).toEqual([
      { informations: access, applications: [{ applicationId: 5, status: 0 }] },
    ]);
  });

  it('puts the switch back with the application message when enabling fails', async () => {
    const { events } = await openApps({ putAnswer: { status: 500, body: { code: 'internal_error', message: 'boom' } } });

    await events.click(screen.getByRole('switch', { name: "Activer l'application Lalilo" }));
    const modal = await screen.findByRole('dialog', { name: 'Accès à Lalilo' });
    await events.type(within(modal).getByLabelText(/^Code/), 'ABC-42');
    await events.click(within(modal).getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText("Impossible d'activer l'application Lalilo.")).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: "Activer l'application Lalilo" })).not.toBeChecked();
  });

  it('shows no switch without the right to change applications', async () => {
    const page = buildUserPage({
      applications: [pronote],
      abilities: { canEditProfile: false, canEditApplications: false, canSeePasswords: true, canUnlock: false },
    });
    mockFetch({ 'GET /api/users/12': { status: 200, body: page } });
    renderWithProviders(
      <UserPageDrawer
        userId={12}
        user={buildSessionUser('Gestionnaire')}
        getOrderedIds={() => [12]}
        onNavigate={() => undefined}
        onClose={() => undefined}
      />,
      { i18n },
    );
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Mes applications' }));

    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Pronote' })).getByText('Activée')).toBeInTheDocument();
  });
});
