import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockAnswer } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { alertsQueryKeys } from '../api';
import { SupportAlerts } from './SupportAlerts';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('support alerts strip', () => {
  it('shows each alert and lets the user dismiss one', async () => {
    mockFetch({
      'GET /api/alerts': {
        status: 200,
        body: [
          { label: 'Maintenance ce soir à 20 h', type: 'warning' },
          { label: 'Nouvelle version disponible', type: 'info' },
        ],
      },
    });
    renderWithProviders(<SupportAlerts />, { i18n });

    const strip = await screen.findByRole('region', { name: 'Alertes' });
    expect(strip).toHaveTextContent('Maintenance ce soir à 20 h');
    expect(strip).toHaveTextContent('Nouvelle version disponible');

    await userEvent.setup().click(screen.getAllByRole('button', { name: "Fermer l'alerte" })[0]!);

    expect(screen.queryByText('Maintenance ce soir à 20 h')).not.toBeInTheDocument();
    expect(screen.getByText('Nouvelle version disponible')).toBeInTheDocument();
  });

  it.each<[string, MockAnswer]>([
    ['a server error', { status: 500, body: { code: 'internal_error', message: 'x' } }],
    ['an unreachable server', new TypeError('Failed to fetch')],
  ])('shows nothing and no error after %s', async (_case, answer) => {
    mockFetch({ 'GET /api/alerts': answer });
    const { queryClient } = renderWithProviders(<SupportAlerts />, { i18n });

    await waitFor(() => expect(queryClient.getQueryState(alertsQueryKeys.all)?.status).toBe('error'));
    expect(screen.queryByRole('region', { name: 'Alertes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Une erreur est survenue.')).not.toBeInTheDocument();
  });
});
