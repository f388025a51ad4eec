import type { ProfileName, Statistics } from '@console/contract';
import '@mantine/charts/styles.css';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROFILE_LABEL_KEYS } from '#features/schools/profile-labels';
import { groupTopApplications } from '../group-top-applications';
import { ApplicationsChart } from './ApplicationsChart';
import { ShareChart, type Slice } from './ShareChart';

const PROFILE_COLORS: Record<ProfileName, string> = {
  Eleve: 'ocean.7',
  Enseignant: 'teal.8',
  'Administrateur établissement': 'orange.8',
  Gestionnaire: 'grape.7',
  Administrateur: 'gray.6',
};

type StatisticsChartsProps = {
  statistics: Statistics;
  /** How many applications are charted. */
  applicationsTop: number;
  /** Whether the applications past the top are charted as one 'Autres' group (the dashboard) or left out (the overview). */
  groupsOtherApplications: boolean;
  headingLevel: 2 | 3;
};

/** The four charts of a Statistics answer: users per application, roles, connections, admin mode. */
export function StatisticsCharts({ statistics, applicationsTop, groupsOtherApplications, headingLevel }: StatisticsChartsProps) {
  const { t } = useTranslation();
  const applications = groupTopApplications(
    statistics.usersApp,
    applicationsTop,
    groupsOtherApplications ? t('statistics.others') : undefined,
  );
  const roles: Slice[] = statistics.repartitionRoles.map(({ profile, count }) => ({
    key: profile,
    label: t(PROFILE_LABEL_KEYS[profile]),
    count,
    color: PROFILE_COLORS[profile],
  }));
  const connections: Slice[] = [
    {
      key: 'connected',
      label: t('statistics.connections.connected'),
      count: statistics.usersConnectes.connected,
      color: 'teal.8',
    },
    {
      key: 'never',
      label: t('statistics.connections.never_connected'),
      count: statistics.usersConnectes.neverConnected,
      color: 'gray.6',
    },
  ];
  const adminMode: Slice[] = [
    { key: 'activated', label: t('statistics.admin_mode.activated'), count: statistics.modeAdmin.activated, color: 'orange.8' },
    {
      key: 'deactivated',
      label: t('statistics.admin_mode.deactivated'),
      count: statistics.modeAdmin.deactivated,
      color: 'gray.6',
    },
  ];

  return (
    <Stack gap="lg">
      <ApplicationsChart
        title={t('statistics.applications.title')}
        description={t(groupsOtherApplications ? 'statistics.applications.top_with_others' : 'statistics.applications.top', {
          top: applicationsTop,
        })}
        applications={applications}
        headingLevel={headingLevel}
      />
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        <ShareChart
          title={t('statistics.roles.title')}
          description={t('statistics.roles.description')}
          categoryLabel={t('statistics.roles.column')}
          slices={roles}
          headingLevel={headingLevel}
        />
        <ShareChart
          title={t('statistics.connections.title')}
          description={t('statistics.connections.description')}
          categoryLabel={t('statistics.connections.column')}
          slices={connections}
          headingLevel={headingLevel}
        />
        <ShareChart
          title={t('statistics.admin_mode.title')}
          description={t('statistics.admin_mode.description')}
          categoryLabel={t('statistics.admin_mode.column')}
          slices={adminMode}
          headingLevel={headingLevel}
        />
      </SimpleGrid>
    </Stack>
  );
}
