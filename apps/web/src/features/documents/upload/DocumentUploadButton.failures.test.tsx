import { documents } from '@console/contract';
import { screen, waitFor, within, act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, type MockAnswer } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n } from '#test/render';
import { installFakeXhr } from './fake-xhr.test-support';
import { fileOf, lineOf, openUploadDialog, PDF, REGISTER, registered, TICKET, tickets } from './upload-dialog.test-support';

const i18n = await createTestI18n();
cleanUpAfterEachTest();

const UPLOAD_FAILED = "Une erreur est survenue lors de l'upload.";

describe('uploading documents: refusals and failures', () => {
  it('shows a refused registration on its line, and registers the good files again', async () => {
    installFakeXhr(204);
    let calls = 0;
    const refusal: MockAnswer = {
      status: 400,
      body: {
        code: 'validation_failed',
        message: 'Invalid',
        details: { fieldErrors: { 'arrayDocs.1.key': [documents.TYPE_MISMATCH] } },
      },
    };
    const { fetchMock, onUploaded, dialog, choose } = await openUploadDialog(i18n, {
      profile: 'Administrateur',
      register: () => (++calls === 1 ? refusal : registered),
    });
    await choose([fileOf('Un.pdf', PDF), fileOf('Faux.pdf', PDF), fileOf('Trois.txt', 'text/plain')]);

    expect(await screen.findByText('2 fichiers envoyés.')).toBeInTheDocument();
    expect(lineOf(dialog, 'Faux.pdf')).toHaveTextContent(
      'Refusé : Le contenu de ce fichier ne correspond pas à son type : il a été refusé.',
    );
    expect(lineOf(dialog, 'Un.pdf')).toHaveTextContent('Envoyé');
    const keys = bodiesSentTo(fetchMock, REGISTER).map(
      (body) => (body as { arrayDocs: documents.DocumentRegistration[] }).arrayDocs,
    );
    expect(keys.map((docs) => docs.map((doc) => doc.key))).toEqual([
      ['documents/1', 'documents/2', 'documents/3'],
      ['documents/1', 'documents/3'],
    ]);
    expect(keys[0]![0]!.schools).toEqual([]);
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it("refuses a file the storage refuses or cannot reach, and a ticket's address that is not http(s)", async () => {
    const sent = installFakeXhr();
    const { fetchMock, dialog, choose } = await openUploadDialog(i18n, {
      profile: 'Enseignant',
      ticket: tickets((count) => (count === 4 ? 'javascript:alert(1)' : '/api/files/storage')),
    });
    await choose([fileOf('Un.pdf', PDF), fileOf('Deux.pdf', PDF), fileOf('Trois.pdf', PDF), fileOf('Quatre.pdf', PDF)]);

    await waitFor(() => expect(sent).toHaveLength(1));
    act(() =>
      sent[0]!.respond(400, {
        code: 'validation_failed',
        message: 'Empty',
        details: { fieldErrors: { file: ['files.errors.empty'] } },
      }),
    );
    await waitFor(() => expect(sent).toHaveLength(2));
    act(() => sent[1]!.respond(500, { code: 'internal_error', message: 'Boom' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    act(() => sent[2]!.fail());

    await waitFor(() => expect(lineOf(dialog, 'Quatre.pdf')).toHaveTextContent(`Refusé : ${UPLOAD_FAILED}`));
    expect(lineOf(dialog, 'Un.pdf')).toHaveTextContent('Refusé : Ce fichier est vide.');
    for (const name of ['Deux.pdf', 'Trois.pdf']) expect(lineOf(dialog, name)).toHaveTextContent(`Refusé : ${UPLOAD_FAILED}`);
    expect(sent).toHaveLength(3);
    expect(bodiesSentTo(fetchMock, TICKET)).toHaveLength(4);
    expect(bodiesSentTo(fetchMock, REGISTER)).toEqual([]);
  });

  it('aborts the transfer in flight on Annuler and closes, registering nothing', async () => {
    const sent = installFakeXhr();
    const { fetchMock, onUploaded, dialog, user, choose } = await openUploadDialog(i18n);
    await choose([fileOf('Cours.pdf', PDF), fileOf('Sujet.pdf', PDF)]);
    await waitFor(() => expect(sent).toHaveLength(1));

    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    expect(sent[0]!.isAborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(bodiesSentTo(fetchMock, REGISTER)).toEqual([]);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('tells a registration that failed for no file in a toast', async () => {
    installFakeXhr(204);
    const { onUploaded, dialog, choose } = await openUploadDialog(i18n, {
      register: { status: 500, body: { code: 'internal_error', message: 'Boom' } },
    });
    await choose([fileOf('Cours.pdf', PDF)]);

    expect(await screen.findByText('Une erreur est survenue.')).toBeInTheDocument();
    expect(lineOf(dialog, 'Cours.pdf')).toHaveTextContent(`Refusé : ${UPLOAD_FAILED}`);
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
