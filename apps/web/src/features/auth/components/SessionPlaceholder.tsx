import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SignInLayout } from './SignInLayout';

/** What the page shows while the session cookie is checked (GET /auth/me) or the shell loads. */
export function SessionPlaceholder() {
  const { t } = useTranslation();
  return (
    <SignInLayout>
      <Group justify="center" gap="sm" role="status" py="lg">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('signin.restoring')}</Text>
      </Group>
    </SignInLayout>
  );
}
