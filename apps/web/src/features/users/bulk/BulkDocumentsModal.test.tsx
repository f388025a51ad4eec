import type { documents } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { buildSchoolUser, SCHOOL_UAI } from '../test-factories';
import { buildCatalogueSchool } from '../test-school';
import { BulkDocumentsModal, DOCUMENT_SEARCH_FROM } from './BulkDocumentsModal';

vi.setConfig({ testTimeout: 30_000 });

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const LIST = `GET /api/files/${SCHOOL_UAI}` as const;
const ASSIGN = 'PATCH /api/users/files';

function buildDocument(id: number, name: string, size: number): documents.Document {
  return {
    id,
    key: `documents/${id}-${name}`,
    name,
    type: 'application/pdf',
    size,
    uploadedBy: { firstname: 'Anne', lastname: 'ADMIN', profile: 'Administrateur' },
    date: '2026-01-05T10:00:00.000Z',
    schools: [],
    canManage: true,
  };
}

const listOf = (files: documents.Document[]): MockAnswer => ({
  status: 200,
  body: { files, maxBucketSize: 1_000_000_000, usedBytes: 3_000_000 },
});

const RULES = buildDocument(4, 'Règlement intérieur.pdf', 1_200_000);
const CHARTER = buildDocument(5, 'Charte informatique.pdf', 85_400);
const selected = [buildSchoolUser({ id: 21 }), buildSchoolUser({ id: 22 })];

function renderModal(routes: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch(routes);
  const onClose = vi.fn();
  renderWithProviders(<BulkDocumentsModal school={buildCatalogueSchool(selected)} selected={selected} onClose={onClose} />, {
    i18n,
    withNotifications: true,
  });
  return { fetchMock, onClose, user: userEvent.setup() };
}

describe('bulk documents', () => {
  it('lists the documents by name with their size, confirm off until one is ticked', async () => {
    const { user } = renderModal({ [LIST]: listOf([RULES, CHARTER]) });

    const dialog = await screen.findByRole('dialog', { name: 'Modifier les documents' });
    const list = await within(dialog).findByRole('group', { name: 'Documents' });
    const labels = within(list)
      .getAllByRole('checkbox')
      .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent);
    expect(labels).toEqual(['Charte informatique.pdf', 'Règlement intérieur.pdf']);
    expect(within(list).getByRole('checkbox', { name: 'Règlement intérieur.pdf' })).toHaveAccessibleDescription('1,2\u00a0Mo');
    expect(within(dialog).getByText('2 utilisateurs sélectionnés.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Rechercher un document' })).not.toBeInTheDocument();

    const confirm = within(dialog).getByRole('button', { name: 'Valider' });
    expect(confirm).toBeDisabled();
    await user.click(within(list).getByRole('checkbox', { name: 'Règlement intérieur.pdf' }));
    expect(confirm).toBeEnabled();
    await user.click(within(list).getByRole('checkbox', { name: 'Règlement intérieur.pdf' }));
    expect(confirm).toBeDisabled();
  });

  it('assigns the ticked documents to the selected users, and says so', async () => {
    const { fetchMock, onClose, user } = renderModal({
      [LIST]: listOf([RULES, CHARTER]),
      [ASSIGN]: { status: 200, body: { changed: 4 } },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Modifier les documents' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Règlement intérieur.pdf' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Charte informatique.pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Documents affectés à 2 utilisateurs.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, ASSIGN)).toEqual([{ action: 'insert', arrayDocs: [4, 5], arrayUsers: [21, 22] }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('takes a document back from one user', async () => {
    const one = [selected[0]!];
    const fetchMock = mockFetch({ [LIST]: listOf([RULES, CHARTER]), [ASSIGN]: { status: 200, body: { changed: 1 } } });
    renderWithProviders(<BulkDocumentsModal school={buildCatalogueSchool(one)} selected={one} onClose={() => {}} />, {
      i18n,
      withNotifications: true,
    });
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Modifier les documents' });
    await user.click(within(dialog).getByText('Retirer'));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Charte informatique.pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Documents retirés à 1 utilisateur.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, ASSIGN)).toEqual([{ action: 'delete', arrayDocs: [5], arrayUsers: [21] }]);
  });

  it('searches a long list, keeping the ticked documents the search hides', async () => {
    const many = Array.from({ length: DOCUMENT_SEARCH_FROM }, (_, index) =>
      buildDocument(10 + index, `Fiche ${index + 1}.pdf`, 1000),
    );
    const { fetchMock, user } = renderModal({
      [LIST]: listOf([...many, RULES]),
      [ASSIGN]: { status: 200, body: { changed: 2 } },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Modifier les documents' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Fiche 3.pdf' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Rechercher un document' }), 'reglement');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Règlement intérieur.pdf' }));
    expect(within(dialog).getByText('2 documents cochés.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Rechercher un document' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Rechercher un document' }), 'zzz');
    expect(within(dialog).getByText('Aucun document ne correspond à la recherche.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, ASSIGN)).toEqual([{ action: 'insert', arrayDocs: [12, 4], arrayUsers: [21, 22] }]),
    );
  });

  it('shows the list loading, then says when the document manager is empty', async () => {
    let answer: (value: MockAnswer) => void = () => {};
    renderModal({ [LIST]: () => new Promise<MockAnswer>((resolve) => (answer = resolve)) });

    expect(await screen.findByRole('progressbar', { name: 'Chargement…' })).toBeInTheDocument();
    answer(listOf([]));
    expect(await screen.findByText('Aucun document dans le gestionnaire.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Valider' })).toBeDisabled();
  });

  it("tells the server's refusal: a translated message, else the generic failure", async () => {
    let answer: MockAnswer = {
      status: 400,
      body: {
        code: 'validation_failed',
        message: 'Invalid body',
        details: { fieldErrors: { 'arrayDocs.0': ['documents.errors.unknown_document'] } },
      },
    };
    const { onClose, user } = renderModal({ [LIST]: listOf([RULES]), [ASSIGN]: () => answer });

    const dialog = await screen.findByRole('dialog', { name: 'Modifier les documents' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Règlement intérieur.pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText("Ce document n'existe pas.")).toBeInTheDocument();

    answer = { status: 500, body: { code: 'internal_error', message: 'Boom' } };
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Une erreur est survenue.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
