import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The status bar's counts, outside the grid (AG Grid's status bar is an Enterprise feature). */
export function GridStatusLine({ total, filtered, selected }: { total: number; filtered: number; selected: number }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" role="status">
      {t('global_monitoring.status_line', { total, filtered, selected })}
    </Text>
  );
}
