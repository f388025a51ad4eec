import type { SessionUser } from '@console/contract';
import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can } from '../../../lib/abilities';
import { LinkSettingsTab } from './LinkSettingsTab';

/**
 * The general settings (spec 2 §2.1), behind the Config right; changing them needs it at
 * Ecriture. One tab per kind of setting: Tabuléo (the link settings) for now.
 */
export function ConfigView({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('settings.title')}
      </Title>
      <Tabs defaultValue="tabuleo" keepMounted={false}>
        <Tabs.List aria-label={t('settings.title')} mb="lg">
          <Tabs.Tab value="tabuleo">{t('settings.tabs.tabuleo')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tabuleo">
          <LinkSettingsTab canEdit={can(user, 'Config', 'Ecriture')} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
