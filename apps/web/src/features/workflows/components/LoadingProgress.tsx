import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Chargement des établissements (n/total)...' while the schools' data arrives. */
export function LoadingProgress({ count, total }: { count: number; total: number }) {
  const { t } = useTranslation();
  const label = t('global_monitoring.progress', { count, total });
  return (
    <Stack gap={4} role="status">
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{label}</Text>
      </Group>
      <Progress value={total > 0 ? (count / total) * 100 : 0} size="sm" aria-label={label} animated />
    </Stack>
  );
}
