import { DEFAULT_RIGHTS } from '@console/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetFakeRealtime } from '#features/workflows/test-realtime';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { AUDIENCE } from '../test-factories';
import { computeAudience, goToSummary, nextButton, renderNotificationsView, writeNotification } from '../test-wizard';

vi.mock('#lib/realtime', () => import('#features/workflows/test-realtime'));
vi.setConfig({ testTimeout: 30_000 });

const i18n = await createTestI18n();
cleanUpAfterEachTest();
afterEach(() => resetFakeRealtime());

const administrator = buildSessionUser('Administrateur');
const APPLICATIONS = 'GET /api/settings/apps';

function mockCalls(audience: MockAnswer = { status: 200, body: [{ nbUsers: 12, nbTokens: 30 }] }) {
  return mockFetch({ [AUDIENCE]: audience, [APPLICATIONS]: { status: 200, body: [] } });
}

function renderView(user = administrator) {
  renderNotificationsView(user, i18n);
  return userEvent.setup();
}

describe('the new notification wizard', () => {
  it('computes the audience of the filters, and goes on only with an audience of the filters shown', async () => {
    const fetchMock = mockCalls();
    const user = renderView();

    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Nouvelle notification' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('switch', { name: 'Tous les établissements' })).toBeChecked();
    expect(nextButton()).toBeDisabled();
    expect(nextButton()).toHaveAccessibleDescription("Calculez l'audience de ces filtres pour continuer.");

    await user.type(screen.getByRole('textbox', { name: 'Matière' }), 'maths; svt');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Opérateur logique' }), 'ET (tous les termes)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Opérateur de recherche' }), 'Commence par');
    const profiles = screen.getByRole('group', { name: 'Profils' });
    await user.click(within(profiles).getByRole('checkbox', { name: 'Enseignant' }));
    await user.click(within(profiles).getByRole('checkbox', { name: 'Élève' }));
    await computeAudience(user);

    expect(screen.getByRole('status')).toHaveTextContent('12 utilisateurs, 30 appareils');
    expect(bodiesSentTo(fetchMock, AUDIENCE)).toEqual([
      {
        arrayUai: ['all'],
        subject: 'maths; svt',
        logicalOperator: 'and',
        searchOperator: 'startsWith',
        arrayProfiles: ['Eleve', 'Enseignant'],
        arrayApplications: [],
        count: 1,
      },
    ]);
    expect(nextButton()).toBeEnabled();

    // Other filters, other users: the audience shown is gone until computed again.
    await user.type(screen.getByRole('textbox', { name: 'Matière' }), '; histoire');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(nextButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: "Calculer l'audience" }));
    expect(await screen.findByText('12 utilisateurs, 30 appareils')).toBeInTheDocument();
    await user.click(nextButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Rédaction' })).toBeInTheDocument();
  });

  it("says 'Aucun Token trouvé' for an audience without device, and both messages when it cannot be computed", async () => {
    let answer: MockAnswer = { status: 200, body: [{ nbUsers: 3, nbTokens: 0 }] };
    mockFetch({ [AUDIENCE]: () => answer, [APPLICATIONS]: { status: 200, body: [] } });
    const user = renderView();

    await computeAudience(user, '3 utilisateurs, 0 appareil');
    expect(await screen.findByText('Aucun Token trouvé')).toBeInTheDocument();
    expect(nextButton()).toBeEnabled();

    answer = { status: 500, body: { code: 'internal_error', message: 'Boom' } };
    await user.type(screen.getByRole('textbox', { name: 'Matière' }), 'maths');
    await user.click(screen.getByRole('button', { name: "Calculer l'audience" }));
    expect(await screen.findByText('Aucun utilisateur trouvé')).toBeInTheDocument();
    expect(screen.getAllByText('Aucun Token trouvé')).toHaveLength(2);
    expect(nextButton()).toBeDisabled();
  });

  it('asks for a title and a description before the summary, with a preview of the notification', async () => {
    mockCalls();
    const user = renderView();
    await computeAudience(user);
    await user.click(nextButton());

    const title = await screen.findByRole('textbox', { name: 'Titre' });
    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(screen.getByRole('textbox', { name: 'Lien de redirection' })).not.toBeRequired();
    expect(nextButton()).toBeDisabled();
    expect(screen.getByText('Destinataires : 12 utilisateurs, 30 appareils')).toBeInTheDocument();

    // A field left empty says so once left.
    await user.click(title);
    await user.click(description);
    expect(title).toHaveAccessibleDescription('Le titre de la notification est obligatoire.');
    await user.click(title);
    expect(description).toHaveAccessibleDescription('La description de la notification est obligatoire.');

    await user.type(title, 'Rentrée 2026');
    expect(title).toHaveAccessibleDescription('');
    expect(nextButton()).toBeDisabled();
    await user.type(description, 'Les cours reprennent lundi.');
    expect(description).toHaveAccessibleDescription('');
    expect(nextButton()).toBeEnabled();

    const preview = screen.getByRole('figure', { name: 'Aperçu de la notification' });
    expect(within(preview).getByText('Rentrée 2026')).toBeInTheDocument();
    expect(within(preview).getByText('Les cours reprennent lundi.')).toBeInTheDocument();
    expect(within(preview).getByText('il y a 2 min')).toBeInTheDocument();

    // A link must be one.
    await user.type(screen.getByRole('textbox', { name: 'Lien de redirection' }), 'javascript:alert(1)');
    await user.click(title);
    expect(screen.getByRole('textbox', { name: 'Lien de redirection' })).toHaveAccessibleDescription(
      /Cette adresse n'est pas valide/,
    );
    expect(nextButton()).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Lien de redirection' }));

    await user.click(nextButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Récapitulatif' })).toBeInTheDocument();
    expect(screen.getByText('Destinataires : 12 utilisateurs, 30 appareils')).toBeInTheDocument();
    expect(screen.getByText('Tous les établissements')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeEnabled();

    // Back to the texts, as they were.
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(await screen.findByRole('textbox', { name: 'Titre' })).toHaveValue('Rentrée 2026');
  });

  it('keeps the send off, in red, when no user is reached', async () => {
    mockCalls({ status: 200, body: [{ nbUsers: 0, nbTokens: 0 }] });
    const user = renderView();

    await computeAudience(user, '0 utilisateur, 0 appareil');
    await user.click(nextButton());
    await writeNotification(user);
    await user.click(nextButton());

    expect(await screen.findByText(/Aucun utilisateur ne correspond à ces filtres/)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Envoyer' });
    expect(send).toBeDisabled();
    expect(send.style.getPropertyValue('--button-bg')).toBe('var(--mantine-color-red-filled)');
  });

  it('lets a user without notifications at Ecriture compute an audience, not send', async () => {
    const rights = { ...DEFAULT_RIGHTS.Administrateur, notifications: { Lecture: 1, Ecriture: 0 } } as const;
    mockCalls();
    const user = renderView(buildSessionUser('Administrateur', { rights }));

    await goToSummary(user);

    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    expect(screen.getByText(/pas d'envoyer des notifications/)).toBeInTheDocument();
  });
});
