import type { schoolSettings } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '#features/schools/testing';
import { buildSchool } from '#features/users/test-factories';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildSchoolParams } from '../test-factories';
import { SchoolSettingsView } from './SchoolSettingsView';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const UAI = '0750001A';
const PING = 'POST /api/sftp/ping' as const;
const PUSH = 'POST /api/sftp/push' as const;
const GENERATION = 'GET /api/sftp/push/generate' as const;

function paramsWith(asm: Partial<schoolSettings.AsmInformations>, sftpPasswordSet = true): schoolSettings.SchoolParams {
  const params = buildSchoolParams();
  return {
    ...params,
    deployment: { ...params.deployment, asmInformations: { ...params.deployment.asmInformations, ...asm } },
    secrets: { ...params.secrets, sftpPassword: sftpPasswordSet },
  };
}

function renderTab(
  routes: Parameters<typeof mockFetch>[0],
  {
    params = paramsWith({}),
    ping = { status: 200, body: { status: 'online', secure: true, hostKey: 'SHA256:abc' } } as
      MockAnswer | (() => Promise<MockAnswer>),
  } = {},
) {
  const fetchMock = mockFetch({
    [`GET /api/schools/${UAI}`]: { status: 200, body: buildSchool() },
    [`GET /api/schools/${UAI}/params`]: { status: 200, body: params },
    [PING]: ping,
    [GENERATION]: { status: 200, body: null },
    ...routes,
  });
  renderInShell(<SchoolSettingsView uai={UAI} user={buildSessionUser('Gestionnaire')} />, {
    i18n,
    initial: { place: { view: 'params', uai: UAI, tab: 'asm' } },
  });
  return { fetchMock, user: userEvent.setup() };
}

const zip = (name = 'asm.zip', type = 'application/zip') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, { type });

describe('the ASM tab', () => {
  it('tests the saved server on opening, without its password, and says it is online with its key', async () => {
    const { fetchMock } = renderTab({});
    // Offline until the test answers (spec 2 §4).
    expect(await screen.findByRole('status')).toHaveTextContent('Hors ligne');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('En ligne'));
    expect(screen.getByText('Clé du serveur : SHA256:abc')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, PING)).toEqual([
      { uai: UAI, sftpUrl: 'sftp.example.fr', sftpUser: 'asm-moulin', sftpPort: 22, isSftp: true },
    ]);
  });

  it('reads loading once a test runs for a second, then the failure’s own words; the link tests again', async () => {
    let answer: (value: MockAnswer) => void = () => undefined;
    const { fetchMock, user } = renderTab({}, { ping: () => new Promise<MockAnswer>((resolve) => (answer = resolve)) });
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent('Hors ligne');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Test en cours'), { timeout: 5000 });
    answer({ status: 200, body: { status: 'invalid_credentials', secure: null, hostKey: null } });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Identifiants invalides'));
    // The drop zone stays disabled while the server is not online.
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Tester la connexion' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, PING)).toHaveLength(2));
  });

  it('warns that an FTP server without TLS received the password in clear', async () => {
    renderTab({}, { ping: { status: 200, body: { status: 'online', secure: false, hostKey: null } } });
    expect(await screen.findByText(/le mot de passe et les fichiers circulent en clair/)).toBeInTheDocument();
  });

  it('shows no drop zone until a whole server is saved, and no test is run', async () => {
    const { fetchMock } = renderTab({}, { params: paramsWith({}, false) });
    expect(await screen.findByRole('form', { name: 'ASM / Claris' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Envoyer' })).not.toBeInTheDocument();
    expect(screen.getByText('Aucun fichier envoyé.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, PING)).toEqual([]);
  });

  it('says no file was chosen, takes only a zip, sends it and lists it in the history', async () => {
    const history = [{ id: 7, pushedAt: '2026-09-01T08:30:00.000Z', filename: 'asm.zip', kept: true }];
    const { fetchMock, user } = renderTab({ [PUSH]: { status: 200, body: { filename: 'asm.zip', history } } });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('En ligne'));
    const send = screen.getByRole('button', { name: 'Envoyer' });
    await user.click(send);
    expect(screen.getByText("Aucun fichier n'a été sélectionné.")).toBeInTheDocument();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    // A file the picker's filter would hide, as a drop or another system may give it.
    await userEvent.setup({ applyAccept: false }).upload(input, zip('notes.txt', 'text/plain'));
    expect(screen.getByText('Seuls les fichiers .zip sont acceptés.')).toBeInTheDocument();
    await user.upload(input, zip());
    await user.click(send);
    expect(await screen.findByText('Le fichier asm.zip a bien été envoyé.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/sftp/push'))).toHaveLength(1);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('button', { name: 'asm.zip' })).toBeInTheDocument();
  });

  it('saves the server with its password apart, saying so', async () => {
    const { fetchMock, user } = renderTab({
      [`PATCH /api/schools/${UAI}/params`]: { status: 200, body: paramsWith({ sftpPort: 2222 }) },
    });
    const form = await screen.findByRole('form', { name: 'ASM / Claris' });
    await user.click(within(form).getByRole('button', { name: 'Modifier' }));
    const port = within(form).getByRole('textbox', { name: 'Port' });
    await user.clear(port);
    await user.type(port, '2222');
    await user.type(within(form).getByLabelText('Mot de passe'), 'n0uveau');
    await user.click(within(form).getByRole('button', { name: 'Sauvegarder' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, `PATCH /api/schools/${UAI}/params`)).toEqual([
        { deployment: { asmInformations: { sftpPort: 2222, sftpPassword: 'n0uveau' } } },
      ]),
    );
    expect(await screen.findByText('Les informations ont bien été enregistrées.')).toBeInTheDocument();
  });

  it("'Générer et envoyer' starts on the server, says the step it is at, then that the file was sent", async () => {
    const report = (phase: string, extra = {}) => ({
      phase,
      startedAt: '2026-09-01T08:30:00.000Z',
      pupils: null,
      teachers: null,
      filename: null,
      reason: null,
      params: {},
      ...extra,
    });
    const reports = [
      report('sending', { pupils: 1000, teachers: 40 }),
      report('done', { pupils: 1000, teachers: 40, filename: 'asm_0750001A.zip' }),
    ];
    let started = false;
    const { fetchMock, user } = renderTab({
      'POST /api/sftp/push/generate': () => {
        started = true;
        return { status: 200, body: report('building') };
      },
      // Nothing before the start; then each poll a step further.
      [GENERATION]: () => ({ status: 200, body: !started ? null : reports.length > 1 ? reports.shift() : reports[0] }),
    });
    await waitFor(() => expect(screen.getAllByRole('status')[0]).toHaveTextContent('En ligne'));
    await user.click(screen.getByRole('button', { name: 'Générer et envoyer' }));
    expect(await screen.findByText("Génération de l'archive de l'établissement…")).toBeInTheDocument();
    expect(
      await screen.findByText(/Envoi de l'archive \(1000 élève\(s\), 40 enseignant\(s\)\)/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Le fichier asm_0750001A.zip a bien été envoyé.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/sftp/push/generate')).toEqual([{ uai: UAI }]);
  });

  it("says why 'Générer et envoyer' failed, in the words of the reason the server gives", async () => {
    const { user } = renderTab({
      'POST /api/sftp/push/generate': {
        status: 200,
        body: { phase: 'building', startedAt: '', pupils: null, teachers: null, filename: null, reason: null, params: {} },
      },
      [GENERATION]: {
        status: 200,
        body: {
          phase: 'failed',
          startedAt: '',
          pupils: null,
          teachers: null,
          filename: null,
          reason: 'export_location_missing',
          params: {},
        },
      },
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('En ligne'));
    await user.click(screen.getByRole('button', { name: 'Générer et envoyer' }));
    expect(
      await screen.findByText("Le location_id n'est pas défini dans les paramètres établissement.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
