import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A failure, announced as an alert: the generic message (spec 3 §8 global.errors.occurred), or a
 * more precise one the caller knows (its translation key).
 */
export function ErrorAlert({ messageKey = 'global.errors.occurred' }: { messageKey?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert">
      {t(messageKey)}
    </Alert>
  );
}
