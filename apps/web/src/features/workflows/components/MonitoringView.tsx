import type { SessionUser } from '@console/contract';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSchoolName } from '../api';
import { WorkflowTracker } from './WorkflowTracker';

/** The active school's workflow tracker (spec 1 §2). */
export function MonitoringView({ uai, user }: { uai: string; user: SessionUser }) {
  const { t } = useTranslation();
  const schoolName = useSchoolName(uai);
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('views.titles.monitoring')}
      </Title>
      <WorkflowTracker key={uai} uai={uai} user={user} schoolName={schoolName} />
    </Stack>
  );
}
