import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, vi } from 'vitest';
import { LocalizedDefaults } from '#app/LocalizedDefaults';
import { theme } from '#app/theme';
import { startI18n, type Language } from '#lib/i18n';
import en from '../../public/locales/en.json';
import fr from '../../public/locales/fr.json';

/** An i18n instance with the real translations, as users read them: French unless told, English loaded too. */
export function createTestI18n(language: Language = 'fr'): Promise<I18n> {
  return startI18n({ language, resources: { fr: { translation: fr }, en: { translation: en } } });
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

type Options = { i18n: I18n; queryClient?: QueryClient; withNotifications?: boolean };

/** Renders with Mantine (test mode: no transitions, no portals), i18n and TanStack Query. */
export function renderWithProviders(
  ui: ReactElement,
  { i18n, queryClient = createTestQueryClient(), withNotifications }: Options,
) {
  const result = render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={i18n}>
        <LocalizedDefaults>
          <QueryClientProvider client={queryClient}>
            {withNotifications && <Notifications />}
            {ui}
          </QueryClientProvider>
        </LocalizedDefaults>
      </I18nextProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

/**
 * Registers, for the calling test file, the clean-up after each test: notifications closed, stubbed
 * globals (fetch) restored and, with `clearStorage`, local storage emptied (saved grid layouts).
 */
export function cleanUpAfterEachTest({ clearStorage = false }: { clearStorage?: boolean } = {}): void {
  afterEach(() => {
    act(() => notifications.clean());
    vi.unstubAllGlobals();
    if (clearStorage) window.localStorage.clear();
  });
}
