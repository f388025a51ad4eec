import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { createTestI18n, renderWithProviders } from '#test/render';
import { inRouter } from '#test/router';
import { buildSessionUser } from '#test/users';
import { visibleMenuGroups } from './menu';
import { Sidebar } from './Sidebar';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderSidebar(email: string | null) {
  const groups = visibleMenuGroups(buildSessionUser('Gestionnaire', { email }), { hasActiveSchool: false, helpUrls: undefined });
  const sidebar = <Sidebar groups={groups} currentView="users" addressOf={(view) => `/${view}`} onSelectView={() => {}} />;
  return renderWithProviders(await inRouter(sidebar), { i18n, withNotifications: true });
}

describe('support and catalogue buttons', () => {
  it('are disabled, saying why, for a user without e-mail, and call nothing', async () => {
    const fetchMock = mockFetch({});
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderSidebar(null);

    for (const name of ['Support', 'Catalogue']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Disponible lorsque votre compte a une adresse e-mail.');
      await userEvent.setup().click(button);
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the address the server signs in a new tab', async () => {
    mockFetch({
      'GET /api/apps/support': { status: 200, body: { url: 'https://support.example/sso?token=abc' } },
      'GET /api/apps/catalog': { status: 200, body: { url: 'https://catalogue.example/sso?token=def' } },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderSidebar('camille.martin@example.fr');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: /^Support/ }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('https://support.example/sso?token=abc', '_blank', 'noopener'));
    await user.click(screen.getByRole('button', { name: /^Catalogue/ }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('https://catalogue.example/sso?token=def', '_blank', 'noopener'));
  });

  it('says so when single sign-on is not configured on the server, whatever its English message', async () => {
    mockFetch({
      'GET /api/apps/support': {
        status: 503,
        body: { code: 'service_unavailable', message: 'Une erreur est survenue.', details: { reason: 'sso_not_configured' } },
      },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderSidebar('camille.martin@example.fr');

    await userEvent.setup().click(screen.getByRole('button', { name: /^Support/ }));

    expect(await screen.findByText("Ce service n'est pas configuré sur ce serveur.")).toBeInTheDocument();
    expect(screen.queryByText('Une erreur est survenue.')).not.toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('refuses to open an address that is not a web address', async () => {
    mockFetch({ 'GET /api/apps/catalog': { status: 200, body: { url: 'javascript:alert(1)' } } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderSidebar('camille.martin@example.fr');

    await userEvent.setup().click(screen.getByRole('button', { name: /^Catalogue/ }));

    expect(await screen.findByText('Une erreur est survenue.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});
