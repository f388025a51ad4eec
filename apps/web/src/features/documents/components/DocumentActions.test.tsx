import type { documents } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { answerRoutes, recordSavedFiles } from '#test/file-downloads';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { buildDocument, LIST, listOf } from '../test-factories';
import { DocumentManagerView } from './DocumentManagerView';

vi.setConfig({ testTimeout: 30_000 });

const i18n = await createTestI18n();
cleanUpAfterEachTest();
afterEach(() => {
  vi.restoreAllMocks();
});

const RULES = buildDocument(4, 'Règlement intérieur.pdf');
const CHARTER = buildDocument(5, 'Charte informatique.pdf');
const FOREIGN = buildDocument(6, 'Circulaire rectorale.pdf', { canManage: false, schools: ['all'] });
const SCHOOLS = [
  { UAI: '0750001A', Nom: 'Collège Jean Moulin', Commune: 'Paris', Extension: 'jm', Effectif: 420 },
  { UAI: '0690002B', Nom: 'Lycée Ampère', Commune: 'Lyon', Extension: 'amp', Effectif: 1200 },
];

type Routes = Parameters<typeof mockFetch>[0];

function renderView(routes: Routes, user = buildSessionUser('Administrateur')) {
  const fetchMock = mockFetch({
    [LIST]: listOf([RULES, CHARTER, FOREIGN]),
    'GET /api/schools/': { status: 200, body: SCHOOLS },
    ...routes,
  });
  renderWithProviders(<DocumentManagerView user={user} />, { i18n, withNotifications: true });
  return { fetchMock, user: userEvent.setup() };
}

const tick = (events: ReturnType<typeof userEvent.setup>, name: string) =>
  events.click(screen.getByRole('checkbox', { name: `Sélectionner ${name}` }));
const openRowMenu = async (events: ReturnType<typeof userEvent.setup>, name: string) => {
  await events.click(await screen.findByRole('button', { name: `Actions sur ${name}` }));
  return within(await screen.findByRole('menu'));
};

describe('the document manager, its actions', () => {
  it('deletes one document from its menu after a confirmation, and the list loads again', async () => {
    let files: documents.Document[] = [RULES, CHARTER, FOREIGN];
    const { fetchMock, user } = renderView({
      [LIST]: () => listOf(files),
      'DELETE /api/files/4': () => {
        files = [CHARTER, FOREIGN];
        return { status: 200, body: { deleted: 1 } };
      },
    });

    const menu = await openRowMenu(user, 'Règlement intérieur.pdf');
    await user.click(menu.getByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le document' });
    expect(dialog).toHaveTextContent('Le document « Règlement intérieur.pdf » sera supprimé définitivement.');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText('1 document supprimé.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Règlement intérieur.pdf' })).not.toBeInTheDocument());
  });

  it('deletes the ticked documents in one call, and in calls of 100 at most beyond', { timeout: 90_000 }, async () => {
    const many = Array.from({ length: 130 }, (_, index) => buildDocument(100 + index, `Fiche ${index + 1}.pdf`));
    const { fetchMock, user } = renderView({
      [LIST]: listOf(many),
      'POST /api/files': { status: 200, body: { deleted: 65 } },
    });

    await screen.findByRole('table', { name: 'Documents' });
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les documents' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer 130 documents' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByText('130 documents supprimés.')).toBeInTheDocument();
    const ids = many.map((file) => file.id);
    expect(bodiesSentTo(fetchMock, 'POST /api/files')).toEqual([
      { action: 'delete', files: ids.slice(0, 100) },
      { action: 'delete', files: ids.slice(100) },
    ]);
  });

  it('assigns the ticked documents to schools searched as typed', async () => {
    const { fetchMock, user } = renderView({ 'PATCH /api/files/schools': { status: 200, body: { changed: 2 } } });
    await screen.findByRole('table', { name: 'Documents' });
    await tick(user, 'Règlement intérieur.pdf');
    await tick(user, 'Charte informatique.pdf');

    await user.click(screen.getByRole('button', { name: 'Affecter des établissements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Affecter des établissements' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Établissements' }), 'ampere lyon');
    await user.click(await screen.findByRole('option', { name: '0690002B - Lycée Ampère - Lyon' }));
    await user.click(within(dialog).getByRole('button', { name: 'Affecter' }));

    expect(await screen.findByText('Établissements affectés à 2 documents.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/files/schools')).toEqual([{ arrayDocs: [4, 5], arrayUai: ['0690002B'] }]);
  });

  it("lets an Administrateur assign every school ('all')", async () => {
    const { fetchMock, user } = renderView({ 'PATCH /api/files/schools': { status: 200, body: { changed: 1 } } });
    await screen.findByRole('table', { name: 'Documents' });
    await tick(user, 'Charte informatique.pdf');

    await user.click(screen.getByRole('button', { name: 'Affecter des établissements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Affecter des établissements' });
    await user.click(within(dialog).getByRole('switch', { name: 'Tous les établissements' }));
    await user.click(within(dialog).getByRole('button', { name: 'Affecter' }));

    expect(await screen.findByText('Établissements affectés à 1 document.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PATCH /api/files/schools')).toEqual([{ arrayDocs: [5], arrayUai: ['all'] }]);
  });

  it('offers no "every school" to another profile', async () => {
    const { user } = renderView({}, buildSessionUser('Gestionnaire'));
    await screen.findByRole('table', { name: 'Documents' });
    await tick(user, 'Charte informatique.pdf');
    await user.click(screen.getByRole('button', { name: 'Affecter des établissements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Affecter des établissements' });
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('keeps a document the user does not manage from being deleted or assigned, saying why', async () => {
    const { fetchMock, user } = renderView({});

    const menu = await openRowMenu(user, 'Circulaire rectorale.pdf');
    const remove = menu.getByRole('menuitem', { name: 'Supprimer' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('Vous ne gérez pas ce document : vous ne pouvez pas le supprimer.');
    await user.keyboard('{Escape}');

    await tick(user, 'Règlement intérieur.pdf');
    await tick(user, 'Circulaire rectorale.pdf');
    const why = 'La sélection contient des documents que vous ne gérez pas : elle ne peut être ni affectée ni supprimée.';
    for (const name of ['Affecter des établissements', 'Supprimer']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(why);
      await user.click(button);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger en zip' })).not.toHaveAttribute('aria-disabled');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('downloads the ticked documents as one zip, saved under the name the server gives', async () => {
    const { saved, restore } = recordSavedFiles();
    try {
      const fetchMock = answerRoutes({
        [LIST]: { status: 200, body: (listOf([RULES, CHARTER, FOREIGN]) as { body: unknown }).body },
        'POST /api/files/archive': { text: 'PK', fileName: 'Documents.zip', mediaType: 'application/zip' },
      });
      renderWithProviders(<DocumentManagerView user={buildSessionUser('Administrateur')} />, { i18n, withNotifications: true });
      const user = userEvent.setup();
      await screen.findByRole('table', { name: 'Documents' });
      await tick(user, 'Charte informatique.pdf');
      await tick(user, 'Circulaire rectorale.pdf');

      await user.click(screen.getByRole('button', { name: 'Télécharger en zip' }));

      await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual(['Documents.zip']));
      expect(bodiesSentTo(fetchMock, 'POST /api/files/archive')).toEqual([{ files: [5, 6] }]);
    } finally {
      restore();
    }
  });

  it('reads a document in the preview, and downloads it, each with a fresh address', async () => {
    const { saved } = recordSavedFiles();
    const answer: MockAnswer = {
      status: 200,
      body: { url: '/api/files/storage/4?signature=abc', expiresAt: '2030-01-01T00:05:00Z' },
    };
    const { fetchMock, user } = renderView({ 'GET /api/files/download/url/4': answer });

    await user.click((await openRowMenu(user, 'Règlement intérieur.pdf')).getByRole('menuitem', { name: 'Lire' }));
    const preview = await screen.findByRole('dialog', { name: 'Règlement intérieur.pdf' });
    expect(within(preview).getByTitle('Règlement intérieur.pdf')).toHaveAttribute(
      'src',
      `${window.location.origin}/api/files/storage/4?signature=abc`,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click((await openRowMenu(user, 'Règlement intérieur.pdf')).getByRole('menuitem', { name: 'Télécharger' }));
    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual(['Règlement intérieur.pdf']));

    const asked = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/download/url/'));
    expect(asked).toEqual(['/api/files/download/url/4?disposition=inline', '/api/files/download/url/4?disposition=attachment']);
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Règlement intérieur.pdf' })).not.toBeChecked();
  });
});
