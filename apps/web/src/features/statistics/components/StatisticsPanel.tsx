import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStatistics } from '../api';
import { KeyFigures, type KeyFigure } from './KeyFigures';
import { StatisticsCharts } from './StatisticsCharts';

type StatisticsPanelProps = {
  /** One school's statistics, or every school's when null. */
  uai: string | null;
  applicationsTop: number;
  groupsOtherApplications: boolean;
  /** Shows the school count (the overview; a school's dashboard counts one). */
  withSchoolCount: boolean;
  headingLevel: 2 | 3;
};

/** Loads the statistics and shows the key figures and four charts, or the spec's failure message. */
export function StatisticsPanel({
  uai,
  applicationsTop,
  groupsOtherApplications,
  withSchoolCount,
  headingLevel,
}: StatisticsPanelProps) {
  const { t } = useTranslation();
  const statistics = useStatistics(uai);

  if (statistics.isPending) {
    return (
      <Stack gap="lg" aria-busy>
        <VisuallyHidden>{t('global.loading')}</VisuallyHidden>
        <Skeleton h={96} radius="md" />
        <Skeleton h={280} radius="md" />
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
          <Skeleton h={360} radius="md" />
          <Skeleton h={360} radius="md" />
          <Skeleton h={360} radius="md" />
        </SimpleGrid>
      </Stack>
    );
  }

  if (statistics.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('statistics.load_failed')}>
        <Group>
          <Button variant="white" color="red" size="xs" onClick={() => void statistics.refetch()} loading={statistics.isFetching}>
            {t('statistics.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }

  const data = statistics.data;
  const figures: KeyFigure[] = [
    ...(withSchoolCount ? [{ key: 'schools', label: t('statistics.school_count'), value: data.nbEtab }] : []),
    { key: 'users', label: t('statistics.user_count'), value: data.modeAdmin.activated + data.modeAdmin.deactivated },
    { key: 'applications', label: t('statistics.application_count'), value: data.usersApp.length },
  ];
  return (
    <Stack gap="lg">
      <KeyFigures figures={figures} />
      <StatisticsCharts
        statistics={data}
        applicationsTop={applicationsTop}
        groupsOtherApplications={groupsOtherApplications}
        headingLevel={headingLevel}
      />
    </Stack>
  );
}
