import type { UserPage } from '@console/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { DocumentsSection } from './DocumentsSection';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
cleanUpAfterEachTest();
afterEach(() => {
  vi.restoreAllMocks();
});

const rules: UserPage['documents'][number] = { id: 4, name: 'Règlement intérieur.pdf', type: 'application/pdf', size: 1_200_000 };
const menu: UserPage['documents'][number] = { id: 9, name: 'Menu de la cantine.png', type: 'image/png', size: 85_400 };

describe('DocumentsSection', () => {
  // A no-break space keeps the unit with its figure.
  it('shows each document with its size in units of 1000', () => {
    renderWithProviders(<DocumentsSection documents={[rules, menu]} />, { i18n });

    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('cell', { name: 'Règlement intérieur.pdf' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('cell', { name: '1,2\u00a0Mo' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: '85,4\u00a0ko' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Ouvrir Menu de la cantine.png' })).toBeInTheDocument();
  });

  it('asks a fresh address of the document and shows it in the preview, from which it downloads', async () => {
    // The first address is the inline one, the second the attachment.
    const addresses = ['signature=inline', 'signature=attachment'];
    const fetchMock = mockFetch({
      'GET /api/files/download/url/4': () => ({
        status: 200,
        body: { url: `/api/files/storage/documents/4-reglement.pdf?${addresses.shift()}`, expiresAt: '2030-01-01T00:05:00Z' },
      }),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.href);
    });
    renderWithProviders(<DocumentsSection documents={[rules, menu]} />, { i18n, withNotifications: true });
    const events = userEvent.setup();

    await events.click(screen.getByRole('button', { name: 'Ouvrir Règlement intérieur.pdf' }));

    const preview = await screen.findByRole('dialog', { name: 'Règlement intérieur.pdf' });
    // The PDF in the browser's viewer, in a frame named by the document.
    expect(within(preview).getByTitle('Règlement intérieur.pdf')).toHaveAttribute(
      'src',
      `${window.location.origin}/api/files/storage/documents/4-reglement.pdf?signature=inline`,
    );
    await events.click(within(preview).getByRole('button', { name: 'Télécharger' }));
    await waitFor(() =>
      expect(saved).toEqual([`${window.location.origin}/api/files/storage/documents/4-reglement.pdf?signature=attachment`]),
    );
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').search)).toEqual([
      '?disposition=inline',
      '?disposition=attachment',
    ]);
  });

  it('says so when the document is gone, and when it cannot be opened', async () => {
    mockFetch({
      'GET /api/files/download/url/4': { status: 404, body: { code: 'not_found', message: 'No such document' } },
      'GET /api/files/download/url/9': { status: 200, body: { url: 'javascript:alert(1)', expiresAt: '2030-01-01T00:05:00Z' } },
    });
    renderWithProviders(<DocumentsSection documents={[rules, menu]} />, { i18n, withNotifications: true });
    const events = userEvent.setup();

    await events.click(screen.getByRole('button', { name: 'Ouvrir Règlement intérieur.pdf' }));
    expect(await screen.findByText("Ce document n'existe plus ou ne vous est plus affecté.")).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Ouvrir Menu de la cantine.png' }));
    expect(await screen.findByText("Le document n'a pas pu être ouvert. Réessayez dans quelques instants.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when no document is assigned', () => {
    renderWithProviders(<DocumentsSection documents={[]} />, { i18n });

    expect(screen.getByText('Aucun document ne vous a été affecté.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
