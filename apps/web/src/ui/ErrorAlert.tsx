import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The generic failure message (spec 3 §8 global.errors.occurred), announced as an alert. */
export function ErrorAlert() {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert">
      {t('global.errors.occurred')}
    </Alert>
  );
}
