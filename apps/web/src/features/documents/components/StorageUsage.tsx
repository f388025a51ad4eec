import { Progress, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '#lib/format';

/** From this share of the capacity used, the bar turns red: little room is left. */
const NEARLY_FULL = 90;

/** The share of the capacity used, in percent with one decimal, between 0 and 100 (0 without a capacity). */
export function usedPercentOf(usedBytes: number, maxBytes: number): number {
  if (maxBytes <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((usedBytes / maxBytes) * 1000) / 10));
}

/** The store's use (spec 3 §2.7): a bar named for screen readers, and 'X utilisés sur Y' in units of 1000. */
export function StorageUsage({ usedBytes, maxBytes }: { usedBytes: number; maxBytes: number }) {
  const { t, i18n } = useTranslation();
  const textId = useId();
  const percent = usedPercentOf(usedBytes, maxBytes);
  return (
    <Stack gap={4} maw={480}>
      <Progress.Root size="lg">
        <Progress.Section
          value={percent}
          color={percent >= NEARLY_FULL ? 'red.9' : 'blue'}
          aria-label={t('documents.storage.label')}
          aria-describedby={textId}
        />
      </Progress.Root>
      <Text id={textId} size="sm" c="dimmed">
        {t('documents.storage.used', {
          used: formatFileSize(usedBytes, i18n.language),
          max: formatFileSize(maxBytes, i18n.language),
        })}
      </Text>
    </Stack>
  );
}
