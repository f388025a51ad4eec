import { isAccountHolderProfile, type SessionUser } from '@console/contract';
import { Alert, Modal, Tabs } from '@mantine/core';
import { IconFileText, IconLanguage, IconLock, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PasswordChangeForm } from '#features/auth/components/PasswordChangeForm';
import { GridPreferencesPanel } from './GridPreferencesPanel';
import { LanguagePanel } from './LanguagePanel';
import { LegalPanel } from './LegalPanel';

type PreferencesDialogProps = {
  user: Pick<SessionUser, 'profile'>;
  isOpen: boolean;
  onClose: () => void;
};

/** The user's preferences: password, grid, language and legal links. */
export function PreferencesDialog({ user, isOpen, onClose }: PreferencesDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={t('preferences.title')}
      size="lg"
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Tabs defaultValue="account" keepMounted={false}>
        <Tabs.List aria-label={t('preferences.title')} mb="lg">
          <Tabs.Tab value="account" leftSection={<IconLock size={16} aria-hidden />}>
            {t('preferences.tabs.account')}
          </Tabs.Tab>
          <Tabs.Tab value="grid" leftSection={<IconTable size={16} aria-hidden />}>
            {t('preferences.tabs.grid')}
          </Tabs.Tab>
          <Tabs.Tab value="language" leftSection={<IconLanguage size={16} aria-hidden />}>
            {t('preferences.tabs.language')}
          </Tabs.Tab>
          <Tabs.Tab value="legal" leftSection={<IconFileText size={16} aria-hidden />}>
            {t('preferences.tabs.legal')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="account">
          {isAccountHolderProfile(user.profile) ? (
            <Alert color="gray" variant="light">
              {t('not_allowed_to_update_password')}
            </Alert>
          ) : (
            <PasswordChangeForm />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="grid">
          <GridPreferencesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="language">
          <LanguagePanel />
        </Tabs.Panel>
        <Tabs.Panel value="legal">
          <LegalPanel />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
