import { Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The workflow skeleton while loading (spec 1 §9: 13 placeholder rows). */
export const SKELETON_STEPS = 13;

export function TimelineSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap={6} role="status" aria-busy="true" data-testid="workflow-skeleton">
      <VisuallyHidden>{t('workflow.loading')}</VisuallyHidden>
      {Array.from({ length: SKELETON_STEPS }, (_, index) => (
        <Group key={index} gap={10} wrap="nowrap" aria-hidden>
          <Skeleton circle height={26} />
          <Skeleton height={26} radius="xl" width={`${60 + ((index * 17) % 35)}%`} />
        </Group>
      ))}
    </Stack>
  );
}
