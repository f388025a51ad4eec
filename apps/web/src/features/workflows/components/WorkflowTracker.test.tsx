import { workflows } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { expectLabelInName } from '#test/label-in-name';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildWorkflow } from '../test-fixtures';
import { emitted, pushServerEvent, resetFakeRealtime, resyncRealtime } from '../test-realtime';
import { WorkflowTracker } from './WorkflowTracker';

vi.mock('#lib/realtime', () => import('../test-realtime'));

const UAI = '0693284A';
const administrator = buildSessionUser('Administrateur');

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetFakeRealtime();
  notifications.clean();
});

function mockWorkflowCalls(
  workflow = buildWorkflow(),
  { put, quote = 'pending' }: { put?: MockAnswer | (() => MockAnswer); quote?: workflows.QuoteStatus } = {},
) {
  return mockFetch({
    [`GET /api/workflows/${UAI}`]: { status: 200, body: workflow },
    [`GET /api/workflows/${UAI}/quote`]: { status: 200, body: { uai: UAI, status: quote } },
    [`PUT /api/workflows/${UAI}`]: put ?? { status: 200, body: { status: 200, data: workflow } },
    'GET /api/schools/': { status: 200, body: [] },
  });
}

function renderTracker(user = administrator) {
  return renderWithProviders(<WorkflowTracker uai={UAI} user={user} schoolName="Collège Jean Moulin" />, {
    i18n,
    withNotifications: true,
  });
}

const stepTab = (name: string) => screen.findByRole('tab', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')) });

describe('workflow tracker', () => {
  it('shows 13 placeholder steps while loading, then the timeline from Début to Fin', async () => {
    mockWorkflowCalls(buildWorkflow(), { quote: 'none' });
    renderTracker();

    expect(screen.getByRole('status')).toHaveTextContent('Chargement du suivi…');
    expect(screen.getByTestId('workflow-skeleton').children).toHaveLength(14);

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(workflows.WORKFLOW_STEPS.map((name, index) => `${index + 1} ${name}`));
    expect(tabs.map((tab) => tab.getAttribute('aria-label'))).toEqual(
      workflows.WORKFLOW_STEPS.map((name, index) => `${index + 1}. ${name} : Non commencé`),
    );
    expect(screen.getByText('Début')).toBeInTheDocument();
    expect(screen.getByText('Fin')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Votre suivi par Camille Martin' })).toBeInTheDocument();
  });

  it('colours each pill by its displayed status, strikes through a step not needed and marks a comment', async () => {
    mockWorkflowCalls(
      buildWorkflow({
        'Liste des manuels': { statusId: 1, modifiedDate: '2025-11-20T09:30:00.000Z', modifiedBy: 'Julien Perrin' },
        'Devis envoyé': { subLevels: [{ statusId: 1 }, { statusId: 2 }] },
        'Commandes fournisseurs': { statusId: 5, eventComment: 'Fournisseur unique' },
      }),
      { quote: 'signed' },
    );
    renderTracker();

    const done = await stepTab('Liste des manuels');
    expect(done).toHaveAccessibleName('1. Liste des manuels : Complété');
    expectLabelInName(done);
    expect(done).toHaveAttribute('data-status', 'done');
    expect(await stepTab('Devis envoyé')).toHaveAttribute('data-status', 'doing');
    expect(await stepTab('Devis envoyé')).toHaveAccessibleName(/En cours\.\.\./);
    expect(await stepTab('Devis signé')).toHaveAttribute('data-status', 'done');
    expect(await stepTab('Liste élèves reçue')).toHaveAttribute('data-status', 'todo');
    expect(await stepTab('Liste élèves reçue')).toHaveAccessibleName(/Non commencé/);

    const notNeeded = await stepTab('Commandes fournisseurs');
    expect(notNeeded).toHaveAttribute('data-status', 'not_needed');
    expect(notNeeded).toHaveAccessibleName(/Non nécessaire, avec commentaire/);
    expect(within(notNeeded).getByText('Commandes fournisseurs')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(done).getByText('Liste des manuels')).not.toHaveStyle({ textDecoration: 'line-through' });

    // The latest change names who follows the school.
    expect(screen.getByRole('heading', { name: 'Votre suivi par Julien Perrin' })).toBeInTheDocument();
  });

  it('selects a step with the keyboard and shows its detail: state, name and last change in French', async () => {
    mockWorkflowCalls(
      buildWorkflow({
        'Liste des manuels': { statusId: 1, modifiedDate: '2025-11-20T09:30:00.000Z', modifiedBy: 'Julien Perrin' },
      }),
    );
    renderTracker();
    const user = userEvent.setup();

    // The first step still to do is selected at first.
    expect(await stepTab('Devis envoyé')).toHaveAttribute('aria-selected', 'true');
    (await stepTab('Devis envoyé')).focus();
    await user.keyboard('{ArrowUp}');

    const first = await stepTab('Liste des manuels');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveFocus();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: '1. Liste des manuels' })).toBeInTheDocument();
    expect(within(panel).getByText('Complété')).toBeInTheDocument();
    expect(
      within(panel).getByText(/^Dernière modification le 20 novembre 2025 à \d\d:30 par Julien Perrin$/),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Étape complétée' })).toBeChecked();
  });

  it('saves a ticked step with the contract rule’s actions and says so', async () => {
    const workflow = buildWorkflow();
    const fetchMock = mockWorkflowCalls(workflow);
    renderTracker();
    const user = userEvent.setup();

    await user.click(await stepTab('Liste des manuels'));
    await user.click(screen.getByRole('switch', { name: 'Étape complétée' }));
    await user.type(screen.getByRole('textbox', { name: 'Commentaire' }), 'Reçue le 3 septembre');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Le workflow a bien été mis à jour.')).toBeInTheDocument();
    const expected = workflows.buildSaveActions(workflow.data[0]!, {
      isNotNeeded: false,
      isCompleted: true,
      comment: 'Reçue le 3 septembre',
      subSteps: [],
      deletedSubSteps: [],
    });
    expect(bodiesSentTo(fetchMock, `PUT /api/workflows/${UAI}`)).toEqual([expected]);
    expect(expected[0]?.data.statusId).toBe(1);
  });

  it('sends the sub-steps as deletes when the step is marked not needed', async () => {
    const workflow = buildWorkflow({ Déploiement: { subLevels: [{ itemLabel: 'Tablettes', statusId: 1 }] } });
    const fetchMock = mockWorkflowCalls(workflow);
    renderTracker();
    const user = userEvent.setup();

    await user.click(await stepTab('Déploiement'));
    expect(screen.queryByRole('switch', { name: 'Étape complétée' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Étape non nécessaire' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await screen.findByText('Le workflow a bien été mis à jour.');
    const [actions] = bodiesSentTo(fetchMock, `PUT /api/workflows/${UAI}`) as workflows.WorkflowAction[][];
    expect(actions?.map((action) => [action.action, action.data.level, action.data.statusId])).toEqual([
      ['insert', 1, 5],
      ['delete', 2, 1],
    ]);
  });

  it('gives the sub-step naming warnings and blocks the save', async () => {
    const fetchMock = mockWorkflowCalls(buildWorkflow({ Déploiement: { subLevels: [{ itemLabel: 'Tablettes' }] } }));
    renderTracker();
    const user = userEvent.setup();
    await user.click(await stepTab('Déploiement'));

    await user.click(screen.getByRole('button', { name: 'Ajouter une sous-étape' }));
    expect(screen.getByRole('textbox', { name: 'Nom de la sous-étape 2' })).toHaveFocus();

    // Adding while one is unnamed: the duplicate warning.
    await user.click(screen.getByRole('button', { name: 'Ajouter une sous-étape' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Une sous-étape existe avec le même nom.');
    expect(screen.queryByRole('textbox', { name: 'Nom de la sous-étape 3' })).not.toBeInTheDocument();

    // Saving with an unnamed one, or deleting another meanwhile: the empty-name warning.
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Vous ne pouvez pas avoir de sous-étape sans nom.');
    await user.click(screen.getByRole('button', { name: 'Supprimer la sous-étape 1' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Vous ne pouvez pas avoir de sous-étape sans nom.');
    expect(screen.getByRole('textbox', { name: 'Nom de la sous-étape 1' })).toHaveValue('Tablettes');

    // A name already used (whatever the case): the duplicate warning.
    await user.type(screen.getByRole('textbox', { name: 'Nom de la sous-étape 2' }), 'tablettes ');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Une sous-étape existe avec le même nom.');
    expect(bodiesSentTo(fetchMock, `PUT /api/workflows/${UAI}`)).toEqual([]);

    // The unnamed or duplicate one itself may always go.
    await user.click(screen.getByRole('button', { name: 'Supprimer la sous-étape 2' }));
    expect(screen.queryByRole('textbox', { name: 'Nom de la sous-étape 2' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal as a warning with its messages', async () => {
    mockWorkflowCalls(buildWorkflow(), {
      put: { status: 400, body: { status: 400, data: { errors: ['Étape inconnue : 99', 'Statut invalide'] } } },
    });
    renderTracker();
    const user = userEvent.setup();

    await user.click(await stepTab('Liste des manuels'));
    await user.click(screen.getByRole('switch', { name: 'Étape complétée' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText("Le workflow n'a pas été mis à jour")).toBeInTheDocument();
    expect(screen.getByText(/Étape inconnue : 99\s+Statut invalide/)).toBeInTheDocument();
    expect(screen.queryByText('Le workflow a bien été mis à jour.')).not.toBeInTheDocument();
    // The edit is kept, to be corrected.
    expect(screen.getByRole('switch', { name: 'Étape complétée' })).toBeChecked();
  });

  it('shows the generic message for another failure', async () => {
    mockWorkflowCalls(buildWorkflow(), {
      put: { status: 500, body: { code: 'internal_error', message: 'An unexpected error occurred' } },
    });
    renderTracker();
    const user = userEvent.setup();

    await user.click(await stepTab('Liste des manuels'));
    await user.click(screen.getByRole('switch', { name: 'Étape complétée' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Une erreur est survenue.')).toBeInTheDocument();
  });

  it('keeps Devis signé read-only, following the quote status', async () => {
    mockWorkflowCalls(buildWorkflow(), { quote: 'pending' });
    renderTracker();
    const user = userEvent.setup();

    await user.click(await stepTab('Devis signé'));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('En attente de signature')).toBeInTheDocument();
    expect(within(panel).getByText('En cours...')).toBeInTheDocument();
    expect(within(panel).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Ajouter une sous-étape' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });

  it('lets a user without the Monitoring write right read but not change', async () => {
    mockWorkflowCalls(buildWorkflow({ 'Liste des manuels': { eventComment: 'À relancer' } }));
    renderTracker(buildSessionUser('Administrateur établissement'));
    const user = userEvent.setup();

    await user.click(await stepTab('Liste des manuels'));
    expect(screen.getByRole('switch', { name: 'Étape non nécessaire' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Commentaire' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remise à zéro' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Synchroniser' })).toBeEnabled();
  });

  it('resets the school after a confirmation, with the contract’s reset actions', async () => {
    const workflow = buildWorkflow({ 'Liste des manuels': { statusId: 1 }, 'Devis envoyé': { subLevels: [{ statusId: 1 }] } });
    const fetchMock = mockWorkflowCalls(workflow);
    renderTracker();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remise à zéro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remettre le suivi à zéro ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remettre à zéro' }));

    expect(await screen.findByText('0693284A remis à zéro')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, `PUT /api/workflows/${UAI}`)).toEqual([workflows.buildResetActions(workflow.data)]);
  });

  it('subscribes over the socket and follows another user’s save without a reload, keeping an edit in progress', async () => {
    mockWorkflowCalls(buildWorkflow());
    renderTracker();
    const user = userEvent.setup();

    await user.click(await stepTab('Liste des manuels'));
    expect(emitted).toEqual(
      expect.arrayContaining([
        { event: 'workflow.prepare', payload: { uais: [UAI] } },
        { event: 'workflow.uai', payload: { uai: UAI, userId: administrator.id } },
        { event: 'workflow.uai.propal', payload: { uai: UAI } },
      ]),
    );
    await user.type(screen.getByRole('textbox', { name: 'Commentaire' }), 'En cours de saisie');

    const changed = buildWorkflow({
      'Liste des manuels': { eventComment: 'Note d’un collègue' },
      'Liste élèves reçue': { statusId: 1, modifiedBy: 'Nadia Benali', modifiedDate: '2025-11-21T10:00:00.000Z' },
    });
    pushServerEvent('workflow.uai.data', { uai: UAI, ...changed });

    await waitFor(async () => expect(await stepTab('Liste élèves reçue')).toHaveAttribute('data-status', 'done'));
    expect(screen.getByRole('textbox', { name: 'Commentaire' })).toHaveValue('En cours de saisie');
    // Another school's data changes nothing here.
    pushServerEvent('workflow.uai.data', { uai: '0441750B', ...buildWorkflow({ 'Liste élèves reçue': { statusId: 5 } }) });
    expect(await stepTab('Liste élèves reçue')).toHaveAttribute('data-status', 'done');
  });

  it('asks the server for the school afresh when told that events may have been missed (realtime.resync)', async () => {
    mockWorkflowCalls(buildWorkflow());
    renderTracker();
    await stepTab('Liste des manuels');
    const requests = () => emitted.filter((entry) => entry.event === 'workflow.uai');
    await waitFor(() => expect(requests()).toHaveLength(1));

    resyncRealtime();

    await waitFor(() => expect(requests()).toHaveLength(2));
    expect(requests()[1]!.payload).toEqual({ uai: UAI, userId: administrator.id });
    expect(emitted.filter((entry) => entry.event === 'workflow.prepare')).toHaveLength(2);
  });
});
