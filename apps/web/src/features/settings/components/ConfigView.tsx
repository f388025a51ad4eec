import type { SessionUser } from '@console/contract';
import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { ApplicationsTab } from './ApplicationsTab';
import { LinkSettingsTab } from './LinkSettingsTab';
import { PlatformsTab } from './PlatformsTab';
import { RegexSettingsTab } from './RegexSettingsTab';
import { TokensTab } from './TokensTab';

/**
 * The general settings (spec 2 §2.1), behind the Config right; changing them needs it at
 * Ecriture. One tab per kind of setting: Tabuléo (the link settings), Regex (the name rules),
 * Plateformes and Applications (the catalogues), Tokens (the scheduled token purges).
 */
export function ConfigView({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const canEdit = can(user, 'Config', 'Ecriture');
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('settings.title')}
      </Title>
      <Tabs defaultValue="tabuleo" keepMounted={false}>
        <Tabs.List aria-label={t('settings.title')} mb="lg">
          <Tabs.Tab value="tabuleo">{t('settings.tabs.tabuleo')}</Tabs.Tab>
          <Tabs.Tab value="regex">{t('settings.tabs.regex')}</Tabs.Tab>
          <Tabs.Tab value="platforms">{t('settings.tabs.platforms')}</Tabs.Tab>
          <Tabs.Tab value="applications">{t('settings.tabs.applications')}</Tabs.Tab>
          <Tabs.Tab value="tokens">{t('settings.tabs.tokens')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tabuleo">
          <LinkSettingsTab canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="regex">
          <RegexSettingsTab canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="platforms">
          <PlatformsTab canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="applications">
          <ApplicationsTab canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="tokens">
          <TokensTab canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
