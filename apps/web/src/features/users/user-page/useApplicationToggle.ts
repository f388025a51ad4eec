import { users, type SchoolApplication, type SchoolPlatform, type UserPage, type UserPageApplication } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationCredentials } from '../components/ApplicationCredentialsModal';
import { unchangedAccessOf, useUserPageUpdate } from './useUserPageUpdate';

/** The school's catalogue, where each application's credential flags are read. */
export type Catalogue = { applications: readonly SchoolApplication[]; platforms: readonly SchoolPlatform[] };

/** An application whose credentials the modal asks before it is enabled. */
export type CredentialsRequest = {
  application: UserPageApplication;
  schoolApplication: SchoolApplication;
  platform: SchoolPlatform | undefined;
};

/**
 * Enables and disables a user's applications from their page (spec 3 §4): enabling first asks
 * the credentials the application needs and lacks; a failed call puts the switch back with the
 * application's message.
 */
export function useApplicationToggle(page: UserPage, catalogue: Catalogue | null) {
  const { t } = useTranslation();
  const { save, isSaving } = useUserPageUpdate(page.informations.userId);
  const [pending, setPending] = useState<ReadonlyMap<number, 0 | 1>>(new Map());
  const [request, setRequest] = useState<CredentialsRequest | null>(null);

  const send = async (application: UserPageApplication, status: 0 | 1, credentials: users.GivenCredentials = {}) => {
    const { applicationId, applicationName } = application.informations;
    setPending((previous) => new Map(previous).set(applicationId, status));
    try {
      await save({
        informations: unchangedAccessOf(page),
        applications: [{ applicationId, status, ...users.toWireCredentials(credentials, users.CREDENTIAL_NAMES.userPage) }],
      });
      notifications.show({
        color: 'teal',
        message: t(status === 1 ? 'users.page.apps.enabled_toast' : 'users.page.apps.disabled_toast', { name: applicationName }),
      });
    } catch {
      notifications.show({
        color: 'red',
        message: t(status === 1 ? 'modals.specific.user_apps.enable' : 'modals.specific.user_apps.disable', {
          name: applicationName,
        }),
      });
    } finally {
      setPending((previous) => {
        const next = new Map(previous);
        next.delete(applicationId);
        return next;
      });
      setRequest(null);
    }
  };

  const handleToggle = (application: UserPageApplication, isEnabled: boolean) => {
    if (!isEnabled) {
      void send(application, 0);
      return;
    }
    const { informations } = application;
    const schoolApplication = catalogue?.applications.find((candidate) => candidate.idApplication === informations.applicationId);
    const platform = catalogue?.platforms.find((candidate) => candidate.platformId === informations.platformId);
    const fields = schoolApplication ? users.credentialFieldsOf(schoolApplication, platform) : null;
    const missing = fields
      ? users.missingCredentials(fields, {
          login: informations.platformLogin,
          password: informations.platformPassword,
          keys: informations.applicationKeys,
          hasStoredPassword: informations.hasPlatformPassword,
        })
      : [];
    if (schoolApplication && missing.length > 0) {
      setRequest({ application, schoolApplication, platform });
      return;
    }
    void send(application, 1);
  };

  const handleConfirm = (values: ApplicationCredentials) => {
    if (!request) return;
    void send(request.application, 1, {
      login: values.login,
      // No password: the stored one stays.
      ...(values.password !== null ? { password: values.password } : {}),
      keys: values.keys,
    });
  };

  /** The switch's position: the change under way, else the stored status. */
  const isEnabledNow = (application: UserPageApplication) =>
    (pending.get(application.informations.applicationId) ?? application.informations.status) === 1;

  return {
    isEnabledNow,
    isPending: (application: UserPageApplication) => pending.has(application.informations.applicationId),
    isSaving,
    request,
    handleToggle,
    handleConfirm,
    handleCancel: () => setRequest(null),
  };
}
