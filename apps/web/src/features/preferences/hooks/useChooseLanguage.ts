import type { SessionUser } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, type Language } from '#lib/i18n';
import { useKeepLanguage } from '#features/auth/api';

/**
 * Switches the interface language at once, in this browser and with the account (for the next
 * sign-in anywhere). If the account cannot keep it, this browser still does, and a toast says so.
 */
export function useChooseLanguage(): (language: Language) => void {
  const { t, i18n } = useTranslation();
  const { mutate } = useKeepLanguage();
  return useCallback(
    (language: Language) => {
      void changeLanguage(i18n, language);
      mutate(language, {
        onError: () => notifications.show({ color: 'yellow', message: t('preferences.language.not_kept', { lng: language }) }),
      });
    },
    [i18n, mutate, t],
  );
}

/** At sign-in (or a session found again), the language kept with the account is the interface's. */
export function useAccountLanguage(user: Pick<SessionUser, 'language'>): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (user.language && user.language !== i18n.language) void changeLanguage(i18n, user.language);
  }, [user.language, i18n]);
}
