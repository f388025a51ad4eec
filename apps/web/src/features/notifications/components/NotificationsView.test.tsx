import type { notifications } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushServerEvent, resetFakeRealtime, resyncRealtime } from '#features/workflows/test-realtime';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { AUDIENCE, buildHistoryItem, HISTORY, historyOf, SAVE, SEND } from '../test-factories';
import { goToSummary, renderNotificationsView } from '../test-wizard';

vi.mock('#lib/realtime', () => import('#features/workflows/test-realtime'));
vi.setConfig({ testTimeout: 30_000 });

const i18n = await createTestI18n();
cleanUpAfterEachTest();
afterEach(() => resetFakeRealtime());

const ID = 41;
const SENDING = buildHistoryItem(ID, 'Rentrée 2026', {
  reportNotification: { nbUser: 12, nbToken: 30, successCount: 10, failureCount: 2 },
  statusNotification: 'sending',
});
const SENT = buildHistoryItem(ID, 'Rentrée 2026', {
  reportNotification: { nbUser: 12, nbToken: 30, successCount: 29, failureCount: 1 },
  statusNotification: 'sent',
});

function progressOf(change: Partial<notifications.ProgressBar>): notifications.ProgressBar {
  return { idNotification: ID, sent: 0, total: 30, successCount: 0, failureCount: 0, status: 'sending', ...change };
}

function mockCalls({
  audience = { nbUsers: 12, nbTokens: 30 },
  send = { status: 200, body: { idNotification: ID, ...audience } },
  history = () => ({ status: 200, body: historyOf([SENDING]) }),
}: {
  audience?: { nbUsers: number; nbTokens: number };
  send?: MockAnswer | (() => MockAnswer | Promise<MockAnswer>);
  history?: () => MockAnswer;
} = {}) {
  return mockFetch({
    [AUDIENCE]: { status: 200, body: [audience] },
    'GET /api/settings/apps': { status: 200, body: [] },
    [SAVE]: { status: 200, body: { idNotification: ID } },
    [SEND]: send,
    [HISTORY]: history,
  });
}

function renderView() {
  renderNotificationsView(buildSessionUser('Administrateur'), i18n);
  return userEvent.setup();
}

/** From the summary: 'Envoyer', then the dialog's confirmation. */
async function confirmSend(user: UserEvent, audience = '12 utilisateurs, 30 appareils') {
  await user.click(screen.getByRole('button', { name: 'Envoyer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Envoyer la notification ?' });
  expect(dialog).toHaveTextContent(`La notification « Rentrée 2026 » sera envoyée à ${audience}.`);
  await user.click(within(dialog).getByRole('button', { name: "Confirmer l'envoi" }));
}

const progressBar = () => screen.findByRole('progressbar', { name: 'Envoi des notifications' });

describe('sending a notification', () => {
  it('records it, starts its send, follows its progress, then says it was sent and shows the history', async () => {
    const fetchMock = mockCalls();
    const user = renderView();
    await goToSummary(user);

    await confirmSend(user);

    const bar = await progressBar();
    await waitFor(() => expect(bodiesSentTo(fetchMock, SEND)).toEqual([{ idNotification: ID }]));
    expect(bodiesSentTo(fetchMock, SAVE)).toEqual([
      {
        arrayUai: ['all'],
        subject: '',
        logicalOperator: 'or',
        searchOperator: 'contains',
        arrayProfiles: [],
        arrayApplications: [],
        title: 'Rentrée 2026',
        bodyInput: 'Les cours reprennent lundi.',
        linkInput: '',
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Envoyer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retour' })).not.toBeInTheDocument();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '0 / 30'));

    pushServerEvent('progressBar', progressOf({ sent: 12, successCount: 11, failureCount: 1 }));
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('12 / 30')).toBeInTheDocument();
    // Another notification's progress is not this one's.
    pushServerEvent('progressBar', progressOf({ idNotification: 7, sent: 25 }));
    expect(screen.getByText('12 / 30')).toBeInTheDocument();

    pushServerEvent('progressBar', progressOf({ sent: 30, successCount: 29, failureCount: 1, status: 'sent' }));
    expect(await screen.findByText('Notifications envoyées avec succès à 29')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '100');

    // A moment later: the history, and a fresh wizard behind it.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Historique' })).toHaveAttribute('aria-selected', 'true'), {
      timeout: 5_000,
    });
    expect(await screen.findByRole('button', { name: /Rentrée 2026/ })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Nouvelle notification' }));
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
    expect(screen.queryByRole('progressbar', { name: 'Envoi des notifications' })).not.toBeInTheDocument();
  });

  it('reads the progress from the history when events were missed (a resync)', async () => {
    let history = historyOf([SENDING]);
    mockCalls({ history: () => ({ status: 200, body: history }) });
    const user = renderView();
    await goToSummary(user);
    await confirmSend(user);
    const bar = await progressBar();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '0 / 30'));

    resyncRealtime();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '12 / 30'));

    history = historyOf([SENT]);
    resyncRealtime();
    expect(await screen.findByText('Notifications envoyées avec succès à 29')).toBeInTheDocument();
  });

  it('takes the end of a send that came before the answer starting it', async () => {
    let answerSend: (answer: MockAnswer) => void = () => {};
    mockCalls({ send: () => new Promise<MockAnswer>((resolve) => (answerSend = resolve)) });
    const user = renderView();
    await goToSummary(user);
    await confirmSend(user);
    await progressBar();

    pushServerEvent('progressBar', progressOf({ sent: 30, successCount: 30, status: 'sent' }));
    answerSend({ status: 200, body: { idNotification: ID, nbUsers: 12, nbTokens: 30 } });

    expect(await screen.findByText('Notifications envoyées avec succès à 30')).toBeInTheDocument();
  });

  it('ends at once a send over no device', async () => {
    const done = buildHistoryItem(ID, 'Rentrée 2026', {
      reportNotification: { nbUser: 2, nbToken: 0, successCount: 0, failureCount: 0 },
      statusNotification: 'sent',
    });
    mockCalls({ audience: { nbUsers: 2, nbTokens: 0 }, history: () => ({ status: 200, body: historyOf([done]) }) });
    const user = renderView();
    await goToSummary(user);

    await confirmSend(user, '2 utilisateurs, 0 appareil');

    expect(await screen.findByText('Notifications envoyées avec succès à 0')).toBeInTheDocument();
    expect(await progressBar()).toHaveAttribute('aria-valuenow', '100');
  });

  it('says the send failed when a call fails, and lets the user send again', async () => {
    mockCalls({ send: { status: 500, body: { code: 'internal_error', message: 'Boom' } } });
    const user = renderView();
    await goToSummary(user);

    await confirmSend(user);

    expect(await screen.findByText("Erreur lors de l'envoi des notifications")).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Envoi des notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
  });

  it('says the send failed when the server reports it failed', async () => {
    mockCalls();
    const user = renderView();
    await goToSummary(user);
    await confirmSend(user);
    const bar = await progressBar();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '0 / 30'));

    pushServerEvent('progressBar', progressOf({ sent: 3, successCount: 3, status: 'failed' }));

    expect(await screen.findByText("Erreur lors de l'envoi des notifications")).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Nouvelle notification' })).toHaveAttribute('aria-selected', 'true');
  });
});
