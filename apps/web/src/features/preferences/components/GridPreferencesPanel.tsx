import { Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The local-storage key where the users grid keeps its column order, visibility and filters. */
export const USERS_GRID_PREFERENCES_KEY = 'users-grid-preferences';
/** The window event the reset dispatches, so that a users grid on screen goes back to its defaults. */
export const USERS_GRID_PREFERENCES_RESET_EVENT = 'users-grid-preferences-reset';

export function GridPreferencesPanel() {
  const { t } = useTranslation();
  const handleReset = () => {
    window.localStorage.removeItem(USERS_GRID_PREFERENCES_KEY);
    window.dispatchEvent(new Event(USERS_GRID_PREFERENCES_RESET_EVENT));
    notifications.show({ color: 'teal', message: t('preferences.grid.reset_done') });
  };
  return (
    <Stack gap="md" align="flex-start">
      <Title order={3} fz="h4">
        {t('preferences.grid.heading')}
      </Title>
      <Text size="sm">{t('preferences.grid.description')}</Text>
      <Button variant="default" leftSection={<IconRestore size={16} aria-hidden />} onClick={handleReset}>
        {t('preferences.grid.reset')}
      </Button>
    </Stack>
  );
}
