import type { notifications, SchoolUser, SessionUser } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushServerEvent, resetFakeRealtime, resyncRealtime } from '#features/workflows/test-realtime';
import { bodiesSentTo, type MockAnswer, type mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildSchoolUser } from '../test-factories';
import { menuItem, openBulkEditMenu } from '../test-button-bar';
import { buildCatalogueSchool } from '../test-school';

/** The bulk-edit menu's notification: a push to the selected users' devices, its progress over the socket. */
vi.mock('#lib/realtime', () => import('#features/workflows/test-realtime'));
vi.setConfig({ testTimeout: 30_000 });

const i18n = await createTestI18n();
cleanUpAfterEachTest();
afterEach(() => resetFakeRealtime());

const NOTIFY = 'POST /api/devices/notifications/token';
const HISTORY = 'GET /api/devices/notifications/historique';
const ID = 57;
const manager = buildSessionUser('Gestionnaire');
const school = buildCatalogueSchool([]);
const selected = [buildSchoolUser({ id: 41, login: 'a' }), buildSchoolUser({ id: 42, login: 'b' })];

function progressOf(change: Partial<notifications.ProgressBar>): notifications.ProgressBar {
  return { idNotification: ID, sent: 0, total: 3, successCount: 0, failureCount: 0, status: 'sending', ...change };
}

/** Opens the menu for the selection, then its 'Notification' dialog. */
async function openDialog(routes: Parameters<typeof mockFetch>[0], user: SessionUser = manager, users: SchoolUser[] = selected) {
  const opened = await openBulkEditMenu({ i18n, school, user, selected: users }, routes);
  await opened.user.click(menuItem('Notification'));
  const dialog = await screen.findByRole('dialog', { name: 'Envoyer une notification' });
  return { ...opened, dialog };
}

async function write(
  user: UserEvent,
  dialog: HTMLElement,
  title = 'Sortie annulée',
  message = 'La sortie de jeudi est annulée.',
) {
  await user.type(within(dialog).getByRole('textbox', { name: 'Titre' }), title);
  await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), message);
}

const progressBar = (dialog: HTMLElement) => within(dialog).findByRole('progressbar', { name: 'Envoi des notifications' });
const started = (nbTokens = 3): MockAnswer => ({ status: 200, body: { idNotification: ID, nbUsers: 2, nbTokens } });

describe('bulk notification', () => {
  it('says whom it reaches, and sends only with a title and a message', async () => {
    const { dialog, user } = await openDialog({});

    expect(dialog).toHaveTextContent('La notification sera envoyée aux appareils des 2 utilisateurs sélectionnés.');
    const send = within(dialog).getByRole('button', { name: 'Envoyer' });
    expect(send).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Lien de redirection' })).toHaveAccessibleDescription(
      "Facultatif : une adresse https://… ou le lien d'une application (edulib://…).",
    );

    await user.click(within(dialog).getByRole('textbox', { name: 'Titre' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Message' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Lien de redirection' }));
    expect(within(dialog).getByText('Le titre de la notification est obligatoire.')).toBeInTheDocument();
    expect(within(dialog).getByText('La description de la notification est obligatoire.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Titre' }), '   ');
    expect(send).toBeDisabled();
    await write(user, dialog);
    expect(send).toBeEnabled();
    expect(within(dialog).queryByText('Le titre de la notification est obligatoire.')).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Lien de redirection' }), 'pas un lien');
    expect(send).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Lien de redirection' }));
    expect(send).toBeEnabled();
  });

  it('names the single user selected', async () => {
    const { dialog } = await openDialog({}, manager, [buildSchoolUser({ id: 41 })]);

    expect(dialog).toHaveTextContent("La notification sera envoyée aux appareils de l'utilisateur sélectionné.");
  });

  it('notifies the selected users, follows the progress, says it was sent, then closes', async () => {
    const { dialog, fetchMock, user } = await openDialog({ [NOTIFY]: started() });
    await write(user, dialog);
    await user.type(within(dialog).getByRole('textbox', { name: 'Lien de redirection' }), 'https://ent.exemple.fr/sortie');

    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    const bar = await progressBar(dialog);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '0 / 3'));
    expect(bodiesSentTo(fetchMock, NOTIFY)).toEqual([
      {
        ids: [41, 42],
        title: 'Sortie annulée',
        message: 'La sortie de jeudi est annulée.',
        link: 'https://ent.exemple.fr/sortie',
      },
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Envoyer' })).not.toBeInTheDocument();

    pushServerEvent('progressBar', progressOf({ sent: 2, successCount: 2 }));
    expect(bar).toHaveAttribute('aria-valuenow', '67');
    expect(bar).toHaveAttribute('aria-valuetext', '2 / 3');
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    // Another notification's progress is not this one's.
    pushServerEvent('progressBar', progressOf({ idNotification: 7, sent: 3 }));
    expect(bar).toHaveAttribute('aria-valuetext', '2 / 3');
    // A manager may not read the notifications history: only the events tell, even after a resync.
    resyncRealtime();

    pushServerEvent('progressBar', progressOf({ sent: 3, successCount: 2, failureCount: 1, status: 'sent' }));
    expect(await screen.findByText('Notifications envoyées avec succès à 2')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '100');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Envoyer une notification' })).not.toBeInTheDocument(), {
      timeout: 5_000,
    });
    expect(bodiesSentTo(fetchMock, HISTORY)).toEqual([]);
  });

  it('takes the end of a send that came before the answer starting it', async () => {
    let answerNotify: (answer: MockAnswer) => void = () => {};
    const { dialog, user } = await openDialog({ [NOTIFY]: () => new Promise<MockAnswer>((resolve) => (answerNotify = resolve)) });
    await write(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await progressBar(dialog);

    pushServerEvent('progressBar', progressOf({ sent: 3, successCount: 3, status: 'sent' }));
    answerNotify(started());

    expect(await screen.findByText('Notifications envoyées avec succès à 3')).toBeInTheDocument();
  });

  it('ends at once a send over no device', async () => {
    const { dialog, user } = await openDialog({ [NOTIFY]: started(0) });
    await write(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText('Notifications envoyées avec succès à 0')).toBeInTheDocument();
    expect(await progressBar(dialog)).toHaveAttribute('aria-valuenow', '100');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Envoyer une notification' })).not.toBeInTheDocument(), {
      timeout: 5_000,
    });
  });

  it('says the send failed when the call fails, and stays open with its texts to send again', async () => {
    const { dialog, fetchMock, user } = await openDialog({
      [NOTIFY]: { status: 500, body: { code: 'internal_error', message: 'Boom' } },
    });
    await write(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText("Erreur lors de l'envoi des notifications")).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Envoyer une notification' })).toBe(dialog);
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Titre' })).toHaveValue('Sortie annulée');
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('La sortie de jeudi est annulée.');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, NOTIFY)).toHaveLength(2));
  });

  it('says the send failed when the server reports it failed, and stays open', async () => {
    const { dialog, user } = await openDialog({ [NOTIFY]: started() });
    await write(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    const bar = await progressBar(dialog);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '0 / 3'));

    pushServerEvent('progressBar', progressOf({ sent: 1, successCount: 1, status: 'failed' }));

    expect(await screen.findByText("Erreur lors de l'envoi des notifications")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Envoyer' })).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: 'Titre' })).toHaveValue('Sortie annulée');
  });

  it('reads the progress from the history when events were missed, for a user who may read it', async () => {
    const item = (status: notifications.NotificationStatus, successCount: number) => ({
      idNotification: ID,
      labelNotification: 'Sortie annulée',
      createdBy: 'Camille Martin',
      createdDate: new Date(2026, 2, 12, 14, 30).toISOString(),
      descriptionNotification: 'La sortie de jeudi est annulée.',
      linkNotification: null,
      parametersNotification: {
        arrayUai: ['0750001A'],
        schools: [],
        subject: [],
        logicalOperator: 'or',
        searchOperator: 'contains',
        arrayProfiles: [],
        arrayApplications: [],
        userCount: 2,
      },
      reportNotification: { nbUser: 2, nbToken: 3, successCount, failureCount: 0 },
      statusNotification: status,
    });
    let history = [item('sending', 1)];
    const { dialog, user } = await openDialog(
      {
        [NOTIFY]: started(),
        [HISTORY]: () => ({
          status: 200,
          body: { notifications: history, hasMore: false, operators: { search: ['contains'], logical: ['or'] } },
        }),
      },
      buildSessionUser('Administrateur'),
    );
    await write(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    const bar = await progressBar(dialog);

    resyncRealtime();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '1 / 3'));

    history = [item('sent', 3)];
    resyncRealtime();
    expect(await screen.findByText('Notifications envoyées avec succès à 3')).toBeInTheDocument();
  });
});
