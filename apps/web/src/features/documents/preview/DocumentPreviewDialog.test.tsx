import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { DocumentPreviewDialog, type Preview } from './DocumentPreviewDialog';

vi.setConfig({ testTimeout: 30_000 });

const i18n = await createTestI18n();
cleanUpAfterEachTest();
afterEach(() => {
  vi.restoreAllMocks();
});

const URL_OF = 'http://localhost/api/files/storage/documents/7-file?signature=abc';

function renderPreview(preview: Preview) {
  const onDownload = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<DocumentPreviewDialog preview={preview} onClose={onClose} onDownload={onDownload} downloading={false} />, {
    i18n,
  });
  return { onDownload, onClose, dialog: screen.getByRole('dialog', { name: preview.file.name }) };
}

describe('DocumentPreviewDialog', () => {
  it('shows an image as an image, named by the document', () => {
    const { dialog } = renderPreview({ file: { id: 7, name: 'Plan du collège.png', type: 'image/png' }, url: URL_OF });

    expect(within(dialog).getByRole('img', { name: 'Plan du collège.png' })).toHaveAttribute('src', URL_OF);
  });

  it('says a type the browser does not show cannot be shown, and downloads it', async () => {
    const file = {
      id: 7,
      name: 'Compte rendu.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
    const { dialog, onDownload } = renderPreview({ file, url: URL_OF });

    expect(within(dialog).getByText(/Ce type de fichier ne peut pas être affiché ici/)).toBeInTheDocument();
    expect(within(dialog).queryByTitle('Compte rendu.docx')).not.toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Télécharger' }));
    expect(onDownload).toHaveBeenCalledWith(file);
  });

  it('says an EPUB whose address is refused cannot be read', async () => {
    // An expired address: the store answers 403.
    mockFetch({ 'GET /api/files/storage/documents/7-file': { status: 403, body: { code: 'forbidden', message: 'expired' } } });
    const { dialog } = renderPreview({
      file: { id: 7, name: 'Le Petit Prince.epub', type: 'application/epub+zip' },
      url: URL_OF,
    });

    await waitFor(() => expect(within(dialog).getByText('Livre illisible')).toBeInTheDocument());
    expect(within(dialog).getByRole('button', { name: 'Télécharger' })).toBeEnabled();
  });

  it('closes on Escape', async () => {
    const { onClose } = renderPreview({ file: { id: 7, name: 'Règlement.pdf', type: 'application/pdf' }, url: URL_OF });

    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
