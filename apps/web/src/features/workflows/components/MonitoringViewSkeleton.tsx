import { Grid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TimelineSkeleton } from './TimelineSkeleton';

/**
 * The monitoring view while its code loads: its title and the tracker's 13 placeholder steps
 * (spec 1 §2, §9), where the timeline will show. Kept out of the view's chunk, so that the first
 * load shows the skeleton rather than a bare loader.
 */
export function MonitoringViewSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('views.titles.monitoring')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <TimelineSkeleton />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
