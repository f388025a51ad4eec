import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { startI18n } from '#lib/i18n';
import { createQueryClient } from '#lib/query-client';
import { LocalizedDefaults } from './LocalizedDefaults';
import { SessionGate } from './SessionGate';
import { Splash } from './Splash';
import { cssVariablesResolver, theme } from './theme';

type AppProps = {
  /** A ready i18n instance (tests); without it the stored language's translations are fetched. */
  i18n?: I18n;
  queryClient?: QueryClient;
};

export function App({ i18n: givenI18n, queryClient: givenQueryClient }: AppProps) {
  const [i18n, setI18n] = useState<I18n | null>(givenI18n ?? null);
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());

  useEffect(() => {
    if (givenI18n) return;
    let isCurrent = true;
    startI18n()
      // Without translation files the keys show: the console stays usable rather than stuck on the splash.
      .catch(() => startI18n({ resources: {} }))
      .then((instance) => {
        if (isCurrent) setI18n(instance);
      });
    return () => {
      isCurrent = false;
    };
  }, [givenI18n]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {i18n ? (
        <I18nextProvider i18n={i18n}>
          <LocalizedDefaults>
            <QueryClientProvider client={queryClient}>
              <SessionGate />
            </QueryClientProvider>
          </LocalizedDefaults>
        </I18nextProvider>
      ) : (
        <Splash />
      )}
    </MantineProvider>
  );
}
