import type { imports } from '@console/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '#features/schools/testing';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { SchoolSettingsView } from './SchoolSettingsView';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const UAI = '0750001A';
const STATUS = `GET /api/schools/${UAI}/ecole-directe` as const;
const TOKEN = `PUT /api/schools/${UAI}/ecole-directe/token` as const;
const FETCH = `POST /api/users/batch/ecole-directe/${UAI}` as const;
const CONFIRM = 'POST /api/users/batch/41' as const;

const result = (created: number) => ({
  importNumber: 41,
  mode: 'users_initial',
  status: 'applied',
  counts: { created, updated: 0, unchanged: 0, teaching: 0, excluded: 0 },
  lines: [],
});

function renderTab(routes: Parameters<typeof mockFetch>[0], tokenSet = true) {
  const fetchMock = mockFetch({ [STATUS]: { status: 200, body: { tokenSet, canEdit: true } }, ...routes });
  const rendered = renderInShell(
    <SchoolSettingsView uai={UAI} user={buildSessionUser('Administrateur établissement' as never)} />,
    {
      i18n,
      initial: { place: { view: 'params', uai: UAI, tab: 'ecole-directe' } },
    },
  );
  return { fetchMock, user: userEvent.setup(), ...rendered };
}

const answer = (value: imports.EcoleDirecteImportAnswer): MockAnswer => ({ status: 200, body: value });

describe('the EcoleDirecte tab', () => {
  it('keeps the sync under a note until a token is there, and saves one', async () => {
    const { fetchMock, user } = renderTab({ [TOKEN]: { status: 200, body: { tokenSet: true, canEdit: true } } }, false);
    expect(await screen.findByText("Veuillez renseigner le token afin de pouvoir procéder à l'import.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeDisabled();
    await user.type(screen.getByLabelText('Token EcoleDirecte'), 'tok-123');
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Enregistrer le token' }));
    expect(await screen.findByText('Le token a bien été enregistré.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, TOKEN)).toEqual([{ token: 'tok-123' }]);
  });

  it('continues, then synchronizes, says how many were imported and opens the users grid on the import', async () => {
    const { fetchMock, user, shell } = renderTab({
      [FETCH]: answer({ nbLinesToImport: 12, importNumber: 41, errors: [] }),
      [CONFIRM]: { status: 200, body: result(12) },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Année prochaine' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('12 utilisateurs à importer.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, FETCH)).toEqual([{ adjacentUai: '', nextYear: true, profil: 'all' }]);
    await user.click(screen.getByRole('button', { name: 'Synchroniser' }));
    expect(await screen.findByText('Les 12 utilisateurs ont bien été importés.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CONFIRM)).toEqual([{ confirmation: 1, excludeUsers: [] }]);
    await waitFor(() => expect(shell().view).toBe('users'));
  });

  it('says when nobody is new', async () => {
    const { user } = renderTab({ [FETCH]: answer({ nbLinesToImport: 0, importNumber: null, errors: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Aucun nouvel utilisateur à ajouter.')).toBeInTheDocument();
  });

  it('says the first problem, offers its report, and imports the rest leaving the lines out', async () => {
    const errors = [
      { msg: 'imports.errors.unknown_level', line: 3, field: 'Niveau', params: { level: '7ème B' } },
      { msg: 'imports.errors.unknown_level', line: 5, field: 'Niveau', params: { level: '8ème' } },
    ];
    const { fetchMock, user } = renderTab({
      [FETCH]: answer({ nbLinesToImport: 1, importNumber: 41, errors }),
      [CONFIRM]: { status: 200, body: result(1) },
    });
    await user.click(await screen.findByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Erreur: Niveau : Niveau inconnu : « 7ème B ».')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Rapport d'erreur.txt" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importer le reste (1 utilisateur)' }));
    expect(await screen.findByText("L'utilisateur a bien été importé.")).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, CONFIRM)).toEqual([{ confirmation: 1, excludeUsers: [3, 5] }]);
  });

  it('says the sync failed when the confirmation fails', async () => {
    const { user } = renderTab({
      [FETCH]: answer({ nbLinesToImport: 2, importNumber: 41, errors: [] }),
      [CONFIRM]: { status: 500, body: { code: 'internal_error', message: 'x' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Continuer' }));
    await user.click(await screen.findByRole('button', { name: 'Synchroniser' }));
    expect(await screen.findByText('Une erreur est survenue lors de la Synchro')).toBeInTheDocument();
  });

  it("downloads the school's EcoleDirecte users with the tab's choices", async () => {
    const fetchMock = mockFetch({
      [STATUS]: { status: 200, body: { tokenSet: true, canEdit: true } },
      [`GET /api/schools/${UAI}/exports/ecole-directe`]: { status: 200, body: 'Profil;Nom\r\n' },
    });
    renderInShell(<SchoolSettingsView uai={UAI} user={buildSessionUser('Administrateur établissement' as never)} />, {
      i18n,
      initial: { place: { view: 'params', uai: UAI, tab: 'ecole-directe' } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Année prochaine' }));
    await user.click(screen.getByRole('button', { name: 'Télécharger les utilisateurs (CSV)' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(
        expect.stringContaining(`/api/schools/${UAI}/exports/ecole-directe?profil=all&adjacentUai=&nextYear=true`),
      ),
    );
  });
});
