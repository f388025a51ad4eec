import type { imports, SessionUser } from '@console/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, type mockFetch, type MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import {
  APPLYING,
  chooseAndVerify,
  fileInput,
  PREVIEW,
  renderImportView as renderView,
  RESULT,
  SCHOOL,
  UAI,
} from './import-view.test-support';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const renderImportView = (routes: Parameters<typeof mockFetch>[0], user?: SessionUser) => renderView(i18n, routes, user);

describe('the import view', () => {
  it('says that a file is needed, or a .csv one, before sending anything', async () => {
    const { fetchMock, user } = renderImportView({});
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Veuillez envoyer un fichier afin de le vérifier.')).toBeInTheDocument();
    // A file picked past the field's filter (the browser lets one choose "all files").
    const unfiltered = userEvent.setup({ applyAccept: false });
    await unfiltered.upload(fileInput(), new File(['x'], 'eleves.xlsx'));
    await unfiltered.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Seuls les fichiers .csv sont acceptés.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([input, init]) => String(input).includes('/users/batch') && init?.method === 'POST'),
    ).toHaveLength(0);
  });

  it('offers the teaching mode and its template only with adminTabs', () => {
    renderImportView({});
    expect(screen.queryByRole('radio', { name: 'Enseignements' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modèle « Nouveaux utilisateurs »' })).toHaveAttribute(
      'href',
      '/imports/modele-users_initial.csv',
    );
  });

  it('offers the teaching mode and its template to a caller with adminTabs (a Gestionnaire, at Lecture)', () => {
    renderImportView({}, buildSessionUser('Gestionnaire', { uai: UAI }));
    expect(screen.getByRole('radio', { name: 'Enseignements' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modèle « Enseignements »' })).toHaveAttribute(
      'href',
      '/imports/modele-teaching.csv',
    );
  });

  it('shows every problem of a refused file with its line and column', async () => {
    const problems: imports.ImportProblem[] = [
      { msg: 'imports.errors.unknown_level', line: 3, field: 'Niveau', params: { level: '7ème B' } },
      { msg: 'imports.errors.login_taken', line: 5, field: 'Login', params: { login: 'lea.martin' } },
    ];
    const { user, fetchMock } = renderImportView({
      'POST /api/users/batch': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'x',
          details: { reason: 'import_invalid', params: { count: 2 } },
          errors: problems,
        },
      },
    });
    await chooseAndVerify(user);
    const report = await screen.findByRole('alert');
    expect(report).toHaveTextContent('Le fichier comporte 2 erreur(s) : rien n’a été importé.');
    const rows = within(within(report).getByRole('table', { name: 'Rapport d’erreurs' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '3NiveauNiveau inconnu : « 7ème B ».',
      '5LoginLe login « lea.martin » est déjà pris par un autre compte.',
    ]);
    expect(within(report).getByRole('link', { name: 'Télécharger le rapport d’erreurs' })).toHaveAttribute(
      'download',
      'rapport-erreurs-import.csv',
    );
    // The file, its mode and the school went as multipart fields.
    const form = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/users/batch'))![1]!.body as FormData;
    expect([form.get('mode'), form.get('uai'), (form.get('csvfile') as File).name]).toEqual(['users_initial', UAI, 'eleves.csv']);
  });

  it('previews a verified file, sends the unticked lines as excluded, and shows the import’s users once loaded', async () => {
    let usersLoaded: (answer: MockAnswer) => void = () => undefined;
    const schoolUsers = new Promise<MockAnswer>((resolve) => (usersLoaded = resolve));
    const { user, fetchMock, shell } = renderImportView({
      'POST /api/users/batch': { status: 200, body: PREVIEW },
      'POST /api/users/batch/41': { status: 200, body: RESULT },
      [`GET /api/schools/${UAI}/users`]: () => schoolUsers,
    });
    await chooseAndVerify(user);
    expect(await screen.findByRole('heading', { name: 'Aperçu de l’import' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Aperçu de l’import' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Latin');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Manuel Maths');
    // A value the file left out is shown as it will be written: Admin mode on.
    expect(within(table).getByRole('columnheader', { name: 'Mode admin' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Oui');
    expect(screen.getByText('2 à créer')).toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Importer la ligne 3' }));
    await user.click(screen.getByRole('button', { name: 'Confirmer l’import (1 lignes)' }));
    expect(bodiesSentTo(fetchMock, 'POST /api/users/batch/41')).toEqual([{ confirmation: 1, excludeUsers: [3] }]);
    expect(
      await screen.findByText('Import n° 41 effectué : 1 créé(s), 0 modifié(s), 0 enseignement(s) ajouté(s).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Télécharger le rapport de l’import' })).toHaveAttribute(
      'download',
      'rapport-import.csv',
    );
    // The grid opens once the school's users are there, not before.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(`/schools/${UAI}/users`))).toBe(true),
    );
    expect(shell().view).toBe('import');
    usersLoaded({ status: 200, body: { ...SCHOOL, users: [] } });
    await waitFor(() => expect(shell().view).toBe('users'), { timeout: 5000 });
  });

  it('stays on the import view after a teaching import, whose assignments no grid row would show', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const teaching: imports.ImportCheckAnswer = {
        ...PREVIEW,
        mode: 'teaching',
        counts: { create: 0, update: 0, unchanged: 0, teaching: 2 },
      };
      const { user, shell } = renderImportView(
        {
          'POST /api/users/batch': {
            status: 200,
            body: { ...teaching, users: teaching.users.map((line) => ({ ...line, action: 'teaching' })) },
          },
          'POST /api/users/batch/41': {
            status: 200,
            body: { ...RESULT, mode: 'teaching', counts: { ...RESULT.counts, created: 0, teaching: 2, excluded: 0 } },
          },
        },
        buildSessionUser('Gestionnaire', { uai: UAI }),
      );
      await chooseAndVerify(user);
      await user.click(await screen.findByRole('button', { name: 'Confirmer l’import (2 lignes)' }));
      expect(
        await screen.findByText('Import n° 41 effectué : 0 créé(s), 0 modifié(s), 2 enseignement(s) ajouté(s).'),
      ).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(shell().view).toBe('import');
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists the school’s imports, shows an import’s users, and rolls one back after a confirmation', async () => {
    const applied: imports.ImportHistoryEntry = {
      importNumber: 41,
      mode: 'users_initial',
      status: 'applied',
      createdAt: '2026-11-26T09:00:00.000Z',
      createdBy: 'Inès Fabre',
      decidedAt: '2026-11-26T09:05:00.000Z',
      counts: { created: 12, updated: 0, unchanged: 0, teaching: 0, excluded: 1 },
      rollbackUntil: '2026-12-03T09:05:00.000Z',
      rolledBackAt: null,
      canRollBack: true,
      progress: null,
    };
    const cancelled: imports.ImportHistoryEntry = {
      ...applied,
      importNumber: 40,
      status: 'cancelled',
      counts: null,
      rollbackUntil: null,
      canRollBack: false,
    };
    const { user, fetchMock, shell } = renderImportView({
      'GET /api/users/batch': { status: 200, body: [applied, cancelled] },
      'POST /api/users/batch/41/rollback': {
        status: 200,
        body: { ...applied, status: 'rolled_back', canRollBack: false, rolledBackAt: '2026-11-26T10:00:00.000Z' },
      },
    });
    const table = await screen.findByRole('table', { name: 'Imports de l’établissement' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('41');
    expect(first).toHaveTextContent('Inès Fabre');
    expect(first).toHaveTextContent('12 créé(s), 1 écarté(s)');
    expect(first).toHaveTextContent('Effectué');
    expect(second).toHaveTextContent('Annulé');
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Défaire l’import n° 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Défaire l’import n° 41 ?' });
    expect(dialog).toHaveTextContent('Les 12 utilisateur(s) créé(s) par cet import seront supprimés');
    await user.click(within(dialog).getByRole('button', { name: 'Défaire' }));
    expect(await screen.findByText('L’import n° 41 a été défait.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(
        ([input, init]) => String(input).endsWith('/api/users/batch/41/rollback') && init?.method === 'POST',
      ),
    ).toHaveLength(1);

    await user.click(within(first!).getByRole('button', { name: 'Voir les utilisateurs' }));
    expect(shell().view).toBe('users');
  });

  it('names the columns an export brings that the import reads past, and each change the school’s rule makes', async () => {
    const update: imports.ImportCheckAnswer = {
      ...PREVIEW,
      mode: 'users_update',
      ignoredColumns: ['Désactivé', 'N° import'],
      counts: { create: 0, update: 1, unchanged: 1, teaching: 0 },
      users: [
        {
          ...PREVIEW.users[0]!,
          action: 'update',
          userId: 7,
          changes: [
            { field: 'Nom', before: 'Benali', after: 'BENALI', byRule: true },
            { field: 'Classe', before: '6A', after: '5B' },
          ],
        },
        { ...PREVIEW.users[1]!, action: 'unchanged', userId: 8, changes: [] },
      ],
    };
    const { user } = renderImportView({ 'POST /api/users/batch': { status: 200, body: update } });
    await chooseAndVerify(user);
    expect(await screen.findByText('Colonnes ignorées (tenues par la console) : Désactivé, N° import')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 ligne(s) changent une valeur que le fichier laisse telle quelle');
    const [, first, second] = within(screen.getByRole('table', { name: 'Aperçu de l’import' })).getAllByRole('row');
    expect(first).toHaveTextContent('Nom : Benali → BENALI (règle de l’établissement)');
    expect(first).toHaveTextContent('Classe : 6A → 5B');
    expect(first).not.toHaveTextContent('5B (règle');
    expect(second).toHaveTextContent('Aucun changement');
  });

  it('shows the lines applied while its confirmation is at work, then the outcome', async () => {
    let finish: (answer: MockAnswer) => void = () => undefined;
    let isApplied = false;
    const answered = new Promise<MockAnswer>((resolve) => (finish = resolve));
    const { user } = renderImportView({
      'POST /api/users/batch': { status: 200, body: PREVIEW },
      'POST /api/users/batch/41': () => answered,
      'GET /api/users/batch': () => ({
        status: 200,
        body: [isApplied ? { ...APPLYING, status: 'applied', progress: null } : APPLYING],
      }),
    });
    await chooseAndVerify(user);
    await user.click(await screen.findByRole('button', { name: 'Confirmer l’import (2 lignes)' }));
    expect(await screen.findByText(/^Import n° 41 en cours d’application/)).toBeInTheDocument();
    expect(await screen.findByText('200 / 350 lignes appliquées')).toBeInTheDocument();
    isApplied = true;
    finish({ status: 200, body: RESULT });
    expect(await screen.findByText(/^Import n° 41 effectué/)).toBeInTheDocument();
    expect(screen.queryByText('200 / 350 lignes appliquées')).not.toBeInTheDocument();
  });

  it('shows a confirmation at work in the history, for who comes back to the view, and asks again until it ends', async () => {
    let asked = 0;
    const { fetchMock } = renderImportView({
      'GET /api/users/batch': () => {
        asked += 1;
        return { status: 200, body: [asked < 3 ? APPLYING : { ...APPLYING, status: 'applied', progress: null }] };
      },
    });
    const row = within(await screen.findByRole('table', { name: 'Imports de l’établissement' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('En cours');
    expect(row).toHaveTextContent('200 / 350 lignes appliquées');
    await waitFor(() => expect(row).toHaveTextContent('Effectué'), { timeout: 5000 });
    const calls = fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/users/batch')).length;
    expect(calls).toBe(3);
  });

  it('cancels a verified import with an info toast and comes back to the form', async () => {
    const { user, fetchMock } = renderImportView({
      'POST /api/users/batch': { status: 200, body: PREVIEW },
      'POST /api/users/batch/41': {
        status: 200,
        body: { ...RESULT, status: 'cancelled', counts: { ...RESULT.counts, created: 0, excluded: 2 } },
      },
    });
    await chooseAndVerify(user);
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(await screen.findByText('Import annulé.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/users/batch/41')).toEqual([{ confirmation: 0, excludeUsers: [] }]);
    expect(screen.getByRole('heading', { name: 'Import' })).toBeInTheDocument();
  });

  it('says what changed when the school changed since the verification, with the lines', async () => {
    const { user } = renderImportView({
      'POST /api/users/batch': { status: 200, body: PREVIEW },
      'POST /api/users/batch/41': {
        status: 409,
        body: {
          code: 'conflict',
          message: 'x',
          details: { reason: 'import_stale', params: { count: 1 } },
          errors: [{ msg: 'imports.errors.login_taken', line: 2, field: 'Login', params: { login: 'lea.martin' } }],
        },
      },
    });
    await chooseAndVerify(user);
    await user.click(await screen.findByRole('button', { name: 'Confirmer l’import (2 lignes)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('L’établissement a changé depuis la vérification (1 ligne(s) concernée(s))');
    expect(alert).toHaveTextContent('Le login « lea.martin » est déjà pris par un autre compte.');
  });
});
