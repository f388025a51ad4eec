import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSchools } from '#features/schools/api';
import { StatisticsPanel } from '#features/statistics/components/StatisticsPanel';

/** The dashboard charts this many applications, then the others as one group (spec 3 §9). */
const DASHBOARD_APPLICATIONS_TOP = 5;

/** The active school's dashboard (spec 3 §2.6): its key figures and four charts. */
export function DashboardView({ uai }: { uai: string }) {
  const { t } = useTranslation();
  const schoolList = useSchools();
  const school = schoolList.data?.find((candidate) => candidate.UAI === uai);

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('views.titles.dashboard')}
        </Title>
        <Text c="dimmed" fw={500}>
          {school ? t('dashboard.school', { name: school.Nom, uai }) : t('shell.school_uai', { uai })}
        </Text>
      </Stack>
      <StatisticsPanel
        uai={uai}
        applicationsTop={DASHBOARD_APPLICATIONS_TOP}
        groupsOtherApplications
        withSchoolCount={false}
        headingLevel={2}
      />
    </Stack>
  );
}
