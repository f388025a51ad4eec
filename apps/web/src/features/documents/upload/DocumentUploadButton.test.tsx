import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { installFakeXhr } from './fake-xhr.test-support';
import { fileOf, lineOf, openUploadDialog, PDF, REGISTER, TICKET } from './upload-dialog.test-support';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('uploading documents', () => {
  it("refuses a school administrator's Word file and a PDF over 10 MB before any call", async () => {
    installFakeXhr(204);
    const { fetchMock, dialog, input, choose } = await openUploadDialog(i18n);
    expect(input).toHaveAttribute('accept', PDF);
    expect(input).toHaveAttribute('multiple');

    await choose([fileOf('Projet.docx', DOCX), fileOf('Gros.pdf', PDF, 10_000_001)]);

    expect(lineOf(dialog, 'Projet.docx')).toHaveTextContent(
      "Refusé : Vous n'avez pas la permission d'envoyer ce type de fichier.",
    );
    expect(lineOf(dialog, 'Gros.pdf')).toHaveTextContent('Refusé : Vous ne pouvez pas envoyer un fichier de plus de 10Mo.');
    expect(lineOf(dialog, 'Gros.pdf')).toHaveTextContent('10 Mo');
    expect(fetchMock).not.toHaveBeenCalled();
    // Its close button, and the footer's.
    expect(within(dialog).getAllByRole('button', { name: 'Fermer' })).toHaveLength(2);
  });

  it("shows each file's progress, posts it with the ticket's fields first, then registers the batch", async () => {
    const sent = installFakeXhr();
    const { fetchMock, onUploaded, dialog, choose } = await openUploadDialog(i18n);
    await choose([fileOf('Cours.pdf', PDF, 2000), fileOf('Sujet.pdf', PDF, 3000)]);

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(lineOf(dialog, 'Sujet.pdf')).toHaveTextContent('En attente');
    expect(bodiesSentTo(fetchMock, TICKET)[0]).toEqual({ flag: 'document', name: 'Cours.pdf', type: PDF, size: 2000 });
    expect(sent[0]!.url).toBe(new URL('/api/files/storage', window.location.href).href);
    expect(sent[0]!.withCredentials).toBe(true);
    expect(sent[0]!.partNames()).toEqual(['key', 'policy', 'file']);

    act(() => sent[0]!.progress(42, 100));
    const bar = within(dialog).getByRole('progressbar', { name: 'Envoi de Cours.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(lineOf(dialog, 'Cours.pdf')).toHaveTextContent('Envoi : 42 %');
    expect(within(dialog).queryAllByRole('button', { name: 'Fermer' })).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeEnabled();

    act(() => sent[0]!.respond(204));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(lineOf(dialog, 'Cours.pdf')).toHaveTextContent('Envoyé');
    act(() => sent[1]!.respond(204));

    expect(await screen.findByText('2 fichiers envoyés.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, REGISTER)).toEqual([
      {
        arrayDocs: [
          { key: 'documents/1', name: 'Cours.pdf', schools: ['0750001A'] },
          { key: 'documents/2', name: 'Sujet.pdf', schools: ['0750001A'] },
        ],
      },
    ]);
    expect(onUploaded).toHaveBeenCalledTimes(1);
    // Its close button, and the footer's, once the batch has settled (a render after the message,
    // late on a loaded machine).
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: 'Fermer' })).toHaveLength(2));
  });

  it('stops the batch when the next file would fill the store, each line saying why', async () => {
    installFakeXhr(204);
    const { fetchMock, dialog, choose } = await openUploadDialog(i18n, { usedBytes: 900, maxBucketSize: 1000 });
    await choose([fileOf('A.pdf', PDF, 50), fileOf('B.pdf', PDF, 60), fileOf('C.pdf', PDF, 10)]);

    expect(await screen.findByText('1 fichier envoyé.')).toBeInTheDocument();
    for (const name of ['B.pdf', 'C.pdf'])
      expect(lineOf(dialog, name)).toHaveTextContent('Refusé : La capacité maximale de stockage a été atteinte.');
    expect(bodiesSentTo(fetchMock, TICKET)).toHaveLength(1);
    expect(bodiesSentTo(fetchMock, REGISTER)).toEqual([
      { arrayDocs: [{ key: 'documents/1', name: 'A.pdf', schools: ['0750001A'] }] },
    ]);
  });

  it('refuses a dropped folder and sends the files dropped with it', async () => {
    installFakeXhr(204);
    const { fetchMock, dialog } = await openUploadDialog(i18n);
    const pdf = fileOf('Cours.pdf', PDF);
    const items = [
      { kind: 'file', getAsFile: () => new File([], 'Photos'), webkitGetAsEntry: () => ({ isDirectory: true, name: 'Photos' }) },
      { kind: 'file', getAsFile: () => pdf, webkitGetAsEntry: () => ({ isDirectory: false, name: 'Cours.pdf' }) },
    ];
    fireEvent.drop(within(dialog).getByRole('group', { name: 'Zone de dépôt des fichiers' }), {
      dataTransfer: { items, files: [] },
    });

    expect(await screen.findByText('1 fichier envoyé.')).toBeInTheDocument();
    expect(lineOf(dialog, 'Photos')).toHaveTextContent('Refusé : Vous ne pouvez pas envoyer de dossier.');
    expect(bodiesSentTo(fetchMock, REGISTER)).toEqual([
      { arrayDocs: [{ key: 'documents/1', name: 'Cours.pdf', schools: ['0750001A'] }] },
    ]);
  });
});
