import type { Device } from '@console/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n, renderWithProviders } from '#test/render';
import { DevicesSection } from './DevicesSection';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const tablet: Device = {
  model: 'iPad (9e génération)',
  operatingSystem: 'iPadOS 17.4',
  availableSpace: 12345,
  applicationVersion: '3.2.1',
  token: 'fcm-token-abc123',
  modificationDate: '2025-10-02T09:15:00.000Z',
};

describe('DevicesSection', () => {
  it('shows each device with its free space in GB, two decimals in French', () => {
    renderWithProviders(
      <DevicesSection
        devices={[tablet, { ...tablet, model: 'Galaxy Tab', availableSpace: 980, token: null, applicationVersion: null }]}
      />,
      { i18n },
    );

    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('cell', { name: '12,35 Go' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('cell', { name: 'iPadOS 17.4' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('cell', { name: '3.2.1' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/^02\/10\/2025 \d{2}:15$/)).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: '0,98 Go' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Copier le token de notification' })).not.toBeInTheDocument();
  });

  it('copies the notification token and says so', async () => {
    const events = userEvent.setup();
    renderWithProviders(<DevicesSection devices={[tablet]} />, { i18n, withNotifications: true });

    await events.click(screen.getByRole('button', { name: 'Copier le token de notification' }));

    expect(await screen.findByText('Token de notification copié')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('fcm-token-abc123');
  });

  it('says when the user has no device', () => {
    renderWithProviders(<DevicesSection devices={[]} />, { i18n });

    expect(screen.getByText("Cet utilisateur n'a aucun appareil enregistré.")).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
