import { workflows } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildWorkflow } from '../test-fixtures';
import { emitted, pushServerEvent, resetFakeRealtime, resyncRealtime } from '../test-realtime';
import { summariseWorkflow } from '../workflow-summary';
import { GlobalMonitoringView } from './GlobalMonitoringView';

vi.mock('#lib/realtime', () => import('../test-realtime'));

const SCHOOLS = [
  { uai: '0693284A', name: 'Collège Jean Moulin' },
  { uai: '0441750B', name: 'Collège Jules Verne' },
  { uai: '0330021C', name: 'Lycée Michel de Montaigne' },
];
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

function mockGlobalCalls() {
  const summaries = SCHOOLS.map(({ uai, name }) => summariseWorkflow(uai, name, buildWorkflow().data));
  const workflow = buildWorkflow({ 'Liste des manuels': { statusId: 1 } });
  return mockFetch({
    'GET /api/workflows': { status: 200, body: summaries },
    'GET /api/workflows/0693284A': { status: 200, body: workflow },
    'PUT /api/workflows/0693284A': { status: 200, body: { status: 200, data: buildWorkflow() } },
    'GET /api/workflows/0441750B': { status: 200, body: workflow },
    'PUT /api/workflows/0441750B': {
      status: 400,
      body: { code: 'validation_failed', message: 'refused', data: { errors: ['Étape inconnue'] } },
    },
    'GET /api/workflows/0693284A/quote': { status: 200, body: { uai: '0693284A', status: 'none' } },
    'GET /api/schools/': { status: 200, body: [] },
  });
}

describe('global monitoring', { timeout: 30_000 }, () => {
  it('lists the schools, then follows the socket protocol with the progress line', async () => {
    mockGlobalCalls();
    renderWithProviders(<GlobalMonitoringView user={administrator} />, { i18n, withNotifications: true });

    expect(screen.getByRole('heading', { level: 1, name: 'Suivi global des déploiements' })).toBeInTheDocument();
    await waitFor(() => expect(emitted.map((entry) => entry.event)).toContain('workflow.prepare'));
    expect(emitted.find((entry) => entry.event === 'workflow.prepare')?.payload).toEqual({
      uais: SCHOOLS.map((school) => school.uai),
    });
    expect(await screen.findByText('Chargement des établissements (0/3)...')).toBeInTheDocument();

    // The requests follow at once: the server answers them once prepared.
    expect(emitted.filter((entry) => entry.event === 'workflow.uai').map((entry) => entry.payload)).toEqual(
      SCHOOLS.map(({ uai }) => ({ uai, userId: administrator.id })),
    );
    pushServerEvent('workflow.uai.data', { uai: '0693284A', ...buildWorkflow({ 'Liste des manuels': { statusId: 1 } }) });
    expect(await screen.findByText('Chargement des établissements (1/3)...')).toBeInTheDocument();
    pushServerEvent('workflow.uai.data', { uai: '0441750B', ...buildWorkflow() });
    pushServerEvent('workflow.uai.data', { uai: '0330021C', ...buildWorkflow() });
    await waitFor(() => expect(screen.queryByText(/Chargement des établissements/)).not.toBeInTheDocument());

    expect(screen.getByText('Total : 3 · Filtrés : 3 · Sélectionnés : 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remettre à zéro tous les établissements' })).toBeDisabled();
  });

  it('asks for every school again when the server says events may have been missed', async () => {
    mockGlobalCalls();
    renderWithProviders(<GlobalMonitoringView user={administrator} />, { i18n, withNotifications: true });
    const requests = () => emitted.filter((entry) => entry.event === 'workflow.uai');
    await waitFor(() => expect(requests()).toHaveLength(3));
    for (const { uai } of SCHOOLS) pushServerEvent('workflow.uai.data', { uai, ...buildWorkflow() });
    await waitFor(() => expect(screen.queryByText(/Chargement des établissements/)).not.toBeInTheDocument());

    resyncRealtime();

    await waitFor(() => expect(requests()).toHaveLength(6));
    expect(
      requests()
        .slice(3)
        .map((entry) => entry.payload),
    ).toEqual(SCHOOLS.map(({ uai }) => ({ uai, userId: administrator.id })));
  });

  it('shows each status as a named symbol and opens a school’s tracker above the grid', async () => {
    mockGlobalCalls();
    renderWithProviders(<GlobalMonitoringView user={administrator} />, { i18n, withNotifications: true });
    const user = userEvent.setup();

    const row = (await screen.findByText('Collège Jean Moulin')).closest('[role="row"]');
    expect(row).not.toBeNull();
    // The view listens once it has asked for each school: an event pushed before would be lost
    // (seen once on a loaded machine, where the rows showed before the requests went).
    await waitFor(() => expect(emitted.filter((entry) => entry.event === 'workflow.uai')).toHaveLength(SCHOOLS.length));
    pushServerEvent('workflow.uai.data', {
      uai: '0693284A',
      ...buildWorkflow({
        'Liste des manuels': { statusId: 1 },
        Sources: { statusId: 5 },
        'Devis envoyé': { subLevels: [{ statusId: 1 }, { statusId: 2 }] },
      }),
    });
    expect(await screen.findAllByRole('img', { name: 'Complété' }, { timeout: 15_000 })).not.toHaveLength(0);
    expect(screen.getAllByRole('img', { name: 'Non nécessaire' })).not.toHaveLength(0);
    expect(screen.getAllByRole('img', { name: 'En cours...' })).not.toHaveLength(0);
    expect(screen.getAllByRole('img', { name: 'Devis en attente de signature' })).not.toHaveLength(0);

    await user.click(screen.getByText('Collège Jean Moulin'));
    const panel = await screen.findByRole('region', { name: 'Suivi de Collège Jean Moulin' });
    expect(await within(panel).findAllByRole('tab')).toHaveLength(workflows.WORKFLOW_STEPS.length);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Suivi de Collège Jean Moulin' })).not.toBeInTheDocument();
  });

  it('resets each selected school and reports per school', async () => {
    const fetchMock = mockGlobalCalls();
    renderWithProviders(<GlobalMonitoringView user={administrator} />, { i18n, withNotifications: true });
    const user = userEvent.setup();
    const resetAll = screen.getByRole('button', { name: 'Remettre à zéro tous les établissements' });
    expect(resetAll).toBeDisabled();

    for (const name of ['Collège Jean Moulin', 'Collège Jules Verne']) {
      const row = (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;
      await user.click(within(row).getByRole('checkbox'));
    }
    await waitFor(() => expect(resetAll).toBeEnabled());
    expect(screen.getByText('Total : 3 · Filtrés : 3 · Sélectionnés : 2')).toBeInTheDocument();

    await user.click(resetAll);
    const dialog = await screen.findByRole('dialog', { name: 'Remettre à zéro les établissements sélectionnés ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remettre à zéro' }));

    expect(await screen.findByText('0693284A remis à zéro')).toBeInTheDocument();
    expect(await screen.findByText('0441750B: Étape inconnue')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/workflows/0693284A')).toEqual([
      workflows.buildResetActions(buildWorkflow({ 'Liste des manuels': { statusId: 1 } }).data),
    ]);
  });

  it('resets only the selected schools the quick search shows', async () => {
    const fetchMock = mockGlobalCalls();
    renderWithProviders(<GlobalMonitoringView user={administrator} />, { i18n, withNotifications: true });
    const user = userEvent.setup();
    for (const name of ['Collège Jean Moulin', 'Collège Jules Verne']) {
      const row = (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;
      await user.click(within(row).getByRole('checkbox'));
    }
    await screen.findByText('Total : 3 · Filtrés : 3 · Sélectionnés : 2');

    await user.type(screen.getByRole('textbox', { name: 'Rechercher un établissement' }), 'Moulin');

    expect(await screen.findByText('Total : 3 · Filtrés : 1 · Sélectionnés : 1')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Rechercher un établissement' }));
    expect(await screen.findByText('Total : 3 · Filtrés : 3 · Sélectionnés : 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remettre à zéro tous les établissements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remettre à zéro les établissements sélectionnés ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remettre à zéro' }));

    expect(await screen.findByText('0693284A remis à zéro')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/workflows/0441750B')).toEqual([]);
  });
});
