import type { SessionUser } from '@console/contract';
import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { useUserPage } from '../api';
import { ApplicationsSection } from '../user-page/ApplicationsSection';
import { DevicesSection } from '../user-page/DevicesSection';
import { DocumentsSection } from '../user-page/DocumentsSection';
import { ProfileSection } from '../user-page/ProfileSection';
import { UserPageHeader } from '../user-page/UserPageHeader';
import { LoadingBlock } from '#ui/LoadingBlock';
import { ErrorAlert } from '#ui/ErrorAlert';

/**
 * The users view of a pupil or teacher (issue 4 §6): their own page — access with the QR
 * code, enabled applications with their credentials, devices — to read only: no stepping, no
 * switch, no edit.
 */
export function OwnUserPage({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const page = useUserPage(user.id);

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('account.title')}
      </Title>
      {page.isPending ? (
        <LoadingBlock />
      ) : page.isError ? (
        <ErrorAlert />
      ) : (
        <>
          <UserPageHeader page={page.data} />
          {can(user, 'UserPage_Profile') && (
            <Paper withBorder radius="md" p="lg">
              <ProfileSection page={page.data} editing={null} />
            </Paper>
          )}
          {can(user, 'UserPage_Apps') && (
            <Paper withBorder radius="md" p="lg">
              <ApplicationsSection page={page.data} catalogue={null} isOnlyEnabled />
            </Paper>
          )}
          {can(user, 'UserPage_Devices') && (
            <Paper withBorder radius="md" p="lg">
              <DevicesSection devices={page.data.devices} />
            </Paper>
          )}
          {can(user, 'UserPage_Documents') && (
            <Paper withBorder radius="md" p="lg">
              <DocumentsSection documents={page.data.documents} />
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
