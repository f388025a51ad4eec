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

/** `window.open` replaced, so that jsdom opens nothing. */
const stubOpen = () => vi.spyOn(window, 'open').mockReturnValue(null);

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

  it('asks a fresh address of the document and opens it in a new tab', async () => {
    const open = stubOpen();
    const fetchMock = mockFetch({
      'GET /api/files/download/url/4': {
        status: 200,
        body: { url: '/api/files/storage/documents/4-reglement.pdf?expires=1&signature=abc', expiresAt: '2030-01-01T00:05:00Z' },
      },
    });
    renderWithProviders(<DocumentsSection documents={[rules, menu]} />, { i18n, withNotifications: true });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Ouvrir Règlement intérieur.pdf' }));

    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        `${window.location.origin}/api/files/storage/documents/4-reglement.pdf?expires=1&signature=abc`,
        '_blank',
        'noopener',
      ),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says so when the document is gone, and when it cannot be opened', async () => {
    const open = stubOpen();
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
    expect(open).not.toHaveBeenCalled();
  });

  it('says when no document is assigned', () => {
    renderWithProviders(<DocumentsSection documents={[]} />, { i18n });

    expect(screen.getByText('Aucun document ne vous a été affecté.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
