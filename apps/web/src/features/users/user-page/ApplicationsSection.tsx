import type { UserPage } from '@console/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApplicationCredentialsModal } from '../components/ApplicationCredentialsModal';
import { ApplicationCard } from './ApplicationCard';
import { useApplicationToggle, type Catalogue } from './useApplicationToggle';

type ApplicationsSectionProps = {
  page: UserPage;
  /** The school's catalogue; the switches show only with it and the page's right to change applications. */
  catalogue: Catalogue | null;
  /** Only the enabled applications (a pupil's or teacher's own page). */
  isOnlyEnabled?: boolean;
};

/** The applications of a user, each with its credentials and, for an editor, an enable/disable switch. */
export function ApplicationsSection({ page, catalogue, isOnlyEnabled = false }: ApplicationsSectionProps) {
  const { t } = useTranslation();
  const toggle = useApplicationToggle(page, catalogue);
  const canToggle = page.abilities.canEditApplications && catalogue !== null;
  const applications = isOnlyEnabled
    ? page.applications.filter(({ informations }) => informations.status === 1)
    : page.applications;

  return (
    <Stack gap="md">
      <Title order={3} fz="h4">
        {t('users.page.sections.apps')}
      </Title>
      {applications.length === 0 ? (
        <Text c="dimmed">{t('user.no_apps')}</Text>
      ) : (
        applications.map((application) => (
          <ApplicationCard
            key={application.informations.applicationId}
            application={application}
            toggle={
              canToggle
                ? {
                    isEnabled: toggle.isEnabledNow(application),
                    isDisabled: toggle.isPending(application),
                    onChange: (isEnabled) => toggle.handleToggle(application, isEnabled),
                  }
                : undefined
            }
          />
        ))
      )}
      {toggle.request && (
        <ApplicationCredentialsModal
          isOpened
          application={toggle.request.schoolApplication}
          platform={toggle.request.platform}
          initial={{
            login: toggle.request.application.informations.platformLogin,
            keys: toggle.request.application.informations.applicationKeys,
            hasStoredPassword: toggle.request.application.informations.hasPlatformPassword,
          }}
          isSaving={toggle.isSaving}
          onConfirm={toggle.handleConfirm}
          onCancel={toggle.handleCancel}
        />
      )}
    </Stack>
  );
}
