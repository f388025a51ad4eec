import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useImportHistory } from '../api';

/**
 * A confirmation at work (issue 31 §1): the lines applied out of the lines to apply, as the
 * history tells them (asked again each second), under a bar.
 */
export function ImportProgress({ uai, importNumber }: { uai: string; importNumber: number }) {
  const { t } = useTranslation();
  const history = useImportHistory(uai, { watch: true });
  const progress = history.data?.find((entry) => entry.importNumber === importNumber)?.progress ?? null;
  const percent = progress && progress.total > 0 ? (100 * progress.done) / progress.total : 0;
  const label = progress
    ? t('imports.progress.lines', { done: progress.done, total: progress.total })
    : t('imports.progress.starting');
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{t('imports.progress.title', { importNumber })}</Text>
      <Progress value={percent} aria-label={label} animated />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}
