import type { sheets } from '@console/contract';
import { screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { PrintLogSection } from './PrintLogSection';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const byClass: sheets.SheetPrint = {
  id: 31,
  printedAt: '2026-11-20T09:15:00.000Z',
  printedBy: 'Anne Directrice',
  type: 'deploy',
  lang: 'es',
  mode: 'class',
  userCount: 1250,
};

describe('PrintLogSection', () => {
  it("lists the user's prints as the server answers them: when, by whom, which sheets, language, mode and count", async () => {
    mockFetch({
      'GET /api/users/prints/12': {
        status: 200,
        body: {
          prints: [
            byClass,
            {
              ...byClass,
              id: 30,
              printedAt: '2026-11-02T14:40:00.000Z',
              printedBy: 'Paul Gestion',
              lang: 'fr',
              mode: 'default',
              userCount: 1,
            },
          ],
        },
      },
    });
    renderWithProviders(<PrintLogSection userId={12} />, { i18n });

    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText(/^20\/11\/2026 \d{2}:15$/)).toBeInTheDocument();
    expect(first.getByRole('cell', { name: 'Anne Directrice' })).toBeInTheDocument();
    expect(first.getByRole('cell', { name: 'Fiches de déploiement' })).toBeInTheDocument();
    expect(first.getByRole('cell', { name: 'Español' })).toBeInTheDocument();
    expect(first.getByRole('cell', { name: 'Un PDF par classe (zip)' })).toBeInTheDocument();
    expect(first.getByRole('cell', { name: '1\u202f250' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: 'Paul Gestion' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: 'Un seul PDF' })).toBeInTheDocument();
  });

  it('says when nothing was printed for the user', async () => {
    mockFetch({ 'GET /api/users/prints/12': { status: 200, body: { prints: [] } } });
    renderWithProviders(<PrintLogSection userId={12} />, { i18n });

    expect(await screen.findByText("Aucune fiche n'a été imprimée pour cet utilisateur.")).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the log cannot be read', async () => {
    mockFetch({ 'GET /api/users/prints/12': { status: 500, body: { code: 'internal_error', message: 'boom' } } });
    renderWithProviders(<PrintLogSection userId={12} />, { i18n });

    expect(await screen.findByText('Impossible de récupérer les impressions.')).toBeInTheDocument();
  });
});
