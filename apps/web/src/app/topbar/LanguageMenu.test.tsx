import type { InterfaceLanguage } from '@console/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAccountLanguage } from '#features/preferences/hooks/useChooseLanguage';
import { bodiesSentTo, mockFetch } from '#test/fetch-mock';
import { expectLabelInName } from '#test/label-in-name';
import { cleanUpAfterEachTest, createTestI18n, renderWithProviders } from '#test/render';
import { LanguageMenu } from './LanguageMenu';

cleanUpAfterEachTest({ clearStorage: true });

/** The top bar's language menu, for a user whose account keeps `language`. */
function Account({ language }: { language: InterfaceLanguage | null }) {
  useAccountLanguage({ language });
  return <LanguageMenu />;
}

async function renderMenu(language: InterfaceLanguage | null = null) {
  const i18n = await createTestI18n();
  renderWithProviders(<Account language={language} />, { i18n, withNotifications: true });
  return i18n;
}

describe('the language menu of the top bar', () => {
  it('switches the interface at once and keeps the choice with the account', async () => {
    const fetchMock = mockFetch({ 'PUT /api/auth/language': { status: 200, body: { ok: true } } });
    const i18n = await renderMenu();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: "FR, langue de l'interface" });
    expectLabelInName(button);

    await user.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Français' })).toHaveAttribute('aria-current', 'true');
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));

    expect(await screen.findByRole('button', { name: 'EN, interface language' })).toBeInTheDocument();
    expect(i18n.language).toBe('en');
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'PUT /api/auth/language')).toEqual([{ language: 'en' }]));
  });

  it('keeps the choice in this browser and says so when the account cannot keep it', async () => {
    mockFetch({ 'PUT /api/auth/language': { status: 500, body: { code: 'internal', message: 'boom' } } });
    await renderMenu();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: "FR, langue de l'interface" }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));

    expect(
      await screen.findByText('The language changed in this browser, but could not be kept with your account: try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN, interface language' })).toBeInTheDocument();
  });

  it('opens in the language kept with the account, at sign-in', async () => {
    mockFetch({});
    const i18n = await renderMenu('en');

    expect(await screen.findByRole('button', { name: 'EN, interface language' })).toBeInTheDocument();
    expect(i18n.language).toBe('en');
  });
});
