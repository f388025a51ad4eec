import type { UserPage } from '@console/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '#ui/notify-failure';
import { useUnlockAccount } from '../api';

/**
 * A locked account (wrong passwords, the grid's Verrouille): says that the user cannot sign in,
 * and lets a caller who may (an Administrateur: `abilities.canUnlock`) unlock it.
 */
export function AccountLockAlert({ page }: { page: UserPage }) {
  const { t } = useTranslation();
  const unlock = useUnlockAccount();
  const { userId, uai, firstName, lastName, locked } = page.informations;
  if (!locked) return null;

  const handleUnlock = () =>
    unlock.mutate(
      { id: userId, uai },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: t('users.page.lock.unlocked', { name: `${firstName} ${lastName}` }) }),
        onError: (error) => notifyFailure(error, t),
      },
    );

  return (
    <Alert color="red" variant="light" icon={<IconLock size={18} aria-hidden />} title={t('users.page.lock.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('users.page.lock.text')}</Text>
        {page.abilities.canUnlock ? (
          <Group>
            <Button size="xs" color="red.9" loading={unlock.isPending} onClick={handleUnlock}>
              {t('users.page.lock.unlock')}
            </Button>
          </Group>
        ) : (
          <Text size="sm">{t('users.page.lock.ask')}</Text>
        )}
      </Stack>
    </Alert>
  );
}
