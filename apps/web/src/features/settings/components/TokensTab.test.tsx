import { DEFAULT_RIGHTS, type settings } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { expectLabelInName } from '#test/label-in-name';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { renderInShell } from '#features/schools/testing';
import { buildSessionUser } from '#test/users';
import { buildPlatformSetting, buildPurgeTask } from '../test-factories';
import { ConfigView } from './ConfigView';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const local = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();
const PLATFORMS = [buildPlatformSetting('LLS2020', 'Lelivrescolaire.fr', 1), buildPlatformSetting('EDULIB', 'Edulib', 2)];
const SCHOOLS = [
  { UAI: '0750001A', Nom: 'Collège Jean Moulin', Commune: 'Paris', Extension: 'jm', Effectif: 420 },
  { UAI: '0690002B', Nom: 'Lycée Ampère', Commune: 'Lyon', Extension: 'amp', Effectif: 1200 },
];
const RAN = buildPurgeTask(4, 'Purge hebdomadaire Edulib', {
  intervalField: 'WEEK',
  lastExecution: local(2026, 11, 26, 10, 0),
  lastRemoved: 1234,
  nextRun: local(2026, 12, 3, 10, 0),
  procedureParameters: { arrayUai: 'all', arrayPlatforms: ['EDULIB'] },
});
const DISABLED = buildPurgeTask(7, 'Purge Lelivrescolaire', {
  enable: false,
  nextRun: null,
  createdByFullName: 'Alex Durand',
  intervalField: 'MINUTE',
  procedureParameters: { arrayUai: ['0750001A', '0690002B'], arrayPlatforms: ['LLS2020'] },
});
const TASKS = [RAN, DISABLED];

async function renderTokensTab(routes: Parameters<typeof mockFetch>[0], sessionUser = buildSessionUser('Administrateur')) {
  const fetchMock = mockFetch({
    'GET /api/settings/tabuleo': { status: 200, body: {} },
    'GET /api/settings/platforms': { status: 200, body: PLATFORMS },
    'GET /api/schools/': { status: 200, body: SCHOOLS },
    'GET /api/tokens/preview': { status: 200, body: { tokens: 1234, users: 56 } },
    ...routes,
  });
  renderInShell(<ConfigView user={sessionUser} />, { i18n, initial: { view: 'config' } });
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Tokens' }));
  return { fetchMock, user };
}

/** The cells of the row headed by a task's name. */
async function cellsOf(name: string): Promise<string[]> {
  const row = (await screen.findByRole('rowheader', { name })).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('general settings, Tokens tab', () => {
  it('lists the tasks: creator, last run with what it cleared, next run or ø, frequency, platform, schools', async () => {
    await renderTokensTab({ 'GET /api/tokens': { status: 200, body: TASKS } });

    const ran = await cellsOf('Purge hebdomadaire Edulib');
    expect(ran[0]).toBe('Camille Martin');
    expect(ran[2]).toMatch(/^26\/11\/2026 10:00 — 1\s234 tokens effacés$/);
    expect(ran.slice(3, 7)).toEqual(['03/12/2026 10:00', 'Hebdomadaire', 'EDULIB', 'Tous']);
    expect(await cellsOf('Purge Lelivrescolaire')).toEqual([
      'Alex Durand',
      '',
      '—',
      'ø',
      'Toutes les minutes',
      'LLS2020',
      '0750001A, 0690002B',
      'ModifierSupprimer',
    ]);
    expect(screen.getByRole('switch', { name: 'Tâche « Purge hebdomadaire Edulib » activée' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Tâche « Purge Lelivrescolaire » activée' })).not.toBeChecked();
    for (const button of screen.getAllByRole('button', { name: /la tâche « / })) expectLabelInName(button);
  });

  it('says when no task is scheduled', async () => {
    await renderTokensTab({ 'GET /api/tokens': { status: 200, body: [] } });

    expect(await screen.findByText('Aucune tâche de purge programmée.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('schedules a task for the schools picked, with a preview, and says so', async () => {
    let saved: settings.PurgeTask[] = [];
    const created = buildPurgeTask(9, 'Purge Edulib du lundi', { intervalField: 'WEEK' });
    const { fetchMock, user } = await renderTokensTab({
      'GET /api/tokens': () => ({ status: 200, body: saved }),
      'POST /api/tokens': () => {
        saved = [created];
        return { status: 200, body: created };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Ajouter une tâche' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle tâche de purge' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Date de début/).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(within(dialog).queryByRole('switch', { name: 'Activée' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Libellé/ }), 'Purge Edulib du lundi');
    await user.clear(within(dialog).getByLabelText(/Date de début/));
    await user.type(within(dialog).getByLabelText(/Date de début/), '2026-12-07T06:30');
    await user.click(within(dialog).getByRole('combobox', { name: /Plateforme/ }));
    await user.click(screen.getByRole('option', { name: 'Edulib (EDULIB)' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Fréquence/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Immédiate',
      'Quotidienne',
      'Hebdomadaire',
      'Mensuelle',
      'Annuelle',
    ]);
    await user.click(screen.getByRole('option', { name: 'Hebdomadaire' }));
    expect(within(dialog).queryByText(/La prochaine exécution/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: /Établissements/ }), 'Ampère');
    await user.click(await screen.findByRole('option', { name: '0690002B - Lycée Ampère - Lyon' }));

    expect(
      await within(dialog).findByText(/^La prochaine exécution effacera 1\s234 tokens de 56 utilisateurs\.$/),
    ).toBeInTheDocument();
    const previewUrl = fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.includes('/api/tokens/preview'));
    expect(new URL(previewUrl!, 'http://localhost').searchParams.toString()).toBe('platformId=EDULIB&uais=0690002B');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Le token a bien été enregistré.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/tokens')).toEqual([
      {
        eventName: 'Purge Edulib du lundi',
        platformId: 'EDULIB',
        startDate: new Date('2026-12-07T06:30').toISOString(),
        intervalField: 'WEEK',
        uais: ['0690002B'],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('rowheader', { name: 'Purge Edulib du lundi' })).toBeInTheDocument();
  });

  it('names what is missing before sending anything', async () => {
    const { fetchMock, user } = await renderTokensTab({ 'GET /api/tokens': { status: 200, body: [] } });

    await user.click(await screen.findByRole('button', { name: 'Ajouter une tâche' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle tâche de purge' });
    await user.clear(within(dialog).getByLabelText(/Date de début/));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(within(dialog).getByRole('textbox', { name: /Libellé/ })).toHaveAccessibleDescription('Le libellé est obligatoire.');
    expect(within(dialog).getByRole('textbox', { name: /Libellé/ })).toHaveFocus();
    expect(within(dialog).getByLabelText(/Date de début/)).toHaveAccessibleDescription('La date de début est obligatoire.');
    expect(within(dialog).getByRole('combobox', { name: /Établissements/ })).toHaveAccessibleDescription(
      'Choisissez au moins un établissement, ou tous.',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tous les établissements' }));
    expect(within(dialog).queryByRole('combobox', { name: /Établissements/ })).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/tokens')).toEqual([]);
  });

  it("shows the server's refusal under the field it names, what was typed kept", async () => {
    const { user } = await renderTokensTab({
      'GET /api/tokens': { status: 200, body: [] },
      'POST /api/tokens': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Invalid body',
          details: { fieldErrors: { 'uais.0': ['settings.errors.unknown_purge_school'] } },
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Ajouter une tâche' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle tâche de purge' });
    await user.type(within(dialog).getByRole('textbox', { name: /Libellé/ }), 'Purge Jean Moulin');
    await user.click(within(dialog).getByRole('combobox', { name: /Établissements/ }));
    await user.click(await screen.findByRole('option', { name: '0750001A - Collège Jean Moulin - Paris' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Établissements/ })).toHaveAccessibleDescription(
        "Un des établissements choisis n'existe pas.",
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: /Libellé/ })).toHaveValue('Purge Jean Moulin');
    expect(screen.queryByText('Le token a bien été enregistré.')).not.toBeInTheDocument();
  });

  it('changes a task through PUT /tokens/{eventId}, a stored MINUTE offered, with enable', async () => {
    const { fetchMock, user } = await renderTokensTab({
      'GET /api/tokens': { status: 200, body: TASKS },
      'PUT /api/tokens/7': { status: 200, body: { ...DISABLED, enable: true } },
    });

    await user.click(await screen.findByRole('button', { name: 'Modifier la tâche « Purge Lelivrescolaire »' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier la tâche de purge' });
    expect(within(dialog).getByRole('textbox', { name: /Libellé/ })).toHaveValue('Purge Lelivrescolaire');
    expect(within(dialog).getByRole('combobox', { name: /Fréquence/ })).toHaveValue('Toutes les minutes');
    expect(within(dialog).getByRole('combobox', { name: /Plateforme/ })).toHaveValue('Lelivrescolaire.fr (LLS2020)');
    await user.click(within(dialog).getByRole('switch', { name: 'Activée' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Le token a bien été enregistré.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/tokens/7')).toEqual([
      {
        eventName: 'Purge Lelivrescolaire',
        platformId: 'LLS2020',
        startDate: DISABLED.startDate,
        intervalField: 'MINUTE',
        uais: ['0750001A', '0690002B'],
        enable: true,
      },
    ]);
  });

  it("disables a task from its switch, with the task's other values unchanged", async () => {
    const { fetchMock, user } = await renderTokensTab({
      'GET /api/tokens': { status: 200, body: TASKS },
      'PUT /api/tokens/4': { status: 200, body: { ...RAN, enable: false, nextRun: null } },
    });

    await user.click(await screen.findByRole('switch', { name: 'Tâche « Purge hebdomadaire Edulib » activée' }));

    expect(await screen.findByText('Le token a bien été enregistré.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/tokens/4')).toEqual([
      {
        eventName: RAN.eventName,
        platformId: 'EDULIB',
        startDate: RAN.startDate,
        intervalField: 'WEEK',
        uais: 'all',
        enable: false,
      },
    ]);
  });

  it('deletes a task after the confirmation, and says so', async () => {
    let saved = TASKS;
    const { fetchMock, user } = await renderTokensTab({
      'GET /api/tokens': () => ({ status: 200, body: saved }),
      'DELETE /api/tokens/7': () => {
        saved = [RAN];
        return { status: 200, body: { ok: true } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Supprimer la tâche « Purge Lelivrescolaire »' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer la tâche « Purge Lelivrescolaire » ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Supprimer la tâche « Purge Lelivrescolaire »' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText('Tâche supprimée avec succès')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([input]) => String(input))).toEqual([
      '/api/tokens/7',
    ]);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Purge Lelivrescolaire' })).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: 'Purge hebdomadaire Edulib' })).toBeInTheDocument();
  });

  it('says when a task could not be deleted, and keeps it', async () => {
    const { user } = await renderTokensTab({
      'GET /api/tokens': { status: 200, body: TASKS },
      'DELETE /api/tokens/4': { status: 500, body: { code: 'internal_error', message: 'x' } },
    });

    await user.click(await screen.findByRole('button', { name: 'Supprimer la tâche « Purge hebdomadaire Edulib »' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText('Une erreur est survenue lors de la suppression de la tâche')).toBeInTheDocument();
    expect(screen.queryByText('Tâche supprimée avec succès')).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Purge hebdomadaire Edulib' })).toBeInTheDocument();
  });

  it('shows the list without changes to a reader without the write right', async () => {
    const rights = { ...DEFAULT_RIGHTS.Administrateur, Config: { Lecture: 1, Ecriture: 0 } } as const;
    await renderTokensTab({ 'GET /api/tokens': { status: 200, body: TASKS } }, buildSessionUser('Administrateur', { rights }));

    expect(await screen.findByRole('switch', { name: 'Tâche « Purge hebdomadaire Edulib » activée' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Ajouter une tâche' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Modifier|Supprimer/ })).not.toBeInTheDocument();
  });
});
