import { apps, type SessionUser } from '@console/contract';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { TokenReportCard } from '#features/apps/components/TokenReportCard';
import { TokenSyncForm } from '#features/apps/components/TokenSyncForm';
import { useSchools } from '#features/schools/api';
import { StatisticsPanel } from '#features/statistics/components/StatisticsPanel';

/** The overview charts this many applications, the most used (spec 1 §9). */
const OVERVIEW_APPLICATIONS_TOP = 15;

/**
 * The Administrateur's start view (spec 1 §2 Overview): statistics of every school, then the
 * publishers' token synchronisation (with the Overview write right) and the token error report.
 */
export function OverviewView({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const statisticsHeadingId = useId();
  const tokensHeadingId = useId();
  const canSynchronise = can(user, 'Overview', 'Ecriture');
  const schoolList = useSchools({ isEnabled: canSynchronise });

  return (
    <Stack gap="xl">
      <Title order={1} fz="h2">
        {t('views.titles.overview')}
      </Title>

      <Stack component="section" aria-labelledby={statisticsHeadingId} gap="md">
        <Title id={statisticsHeadingId} order={2} fz="h3">
          {t('overview.statistics')}
        </Title>
        <StatisticsPanel
          uai={null}
          applicationsTop={OVERVIEW_APPLICATIONS_TOP}
          groupsOtherApplications={false}
          withSchoolCount
          headingLevel={3}
        />
      </Stack>

      <Stack component="section" aria-labelledby={tokensHeadingId} gap="md">
        <Stack gap={4}>
          <Title id={tokensHeadingId} order={2} fz="h3">
            {t('overview.tokens')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('overview.tokens_description')}
          </Text>
        </Stack>
        {canSynchronise && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {apps.PUBLISHERS.map((publisher) => (
              <TokenSyncForm key={publisher} publisher={publisher} schools={schoolList.data} headingLevel={3} />
            ))}
          </SimpleGrid>
        )}
        <TokenReportCard headingLevel={3} />
      </Stack>
    </Stack>
  );
}
