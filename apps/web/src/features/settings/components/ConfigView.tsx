import type { SessionUser } from '@console/contract';
import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShell } from '#app/shell/ShellContext';
import { can } from '#lib/abilities';
import { ApplicationsTab } from './ApplicationsTab';
import { LinkSettingsTab } from './LinkSettingsTab';
import { PlatformsTab } from './PlatformsTab';
import { RegexSettingsTab } from './RegexSettingsTab';
import { TokensTab } from './TokensTab';

/** The general settings' tabs, the first one opening by default. */
const CONFIG_TABS = ['tabuleo', 'regex', 'platforms', 'applications', 'tokens'] as const;
type ConfigTab = (typeof CONFIG_TABS)[number];

/** The tab an address names; the first for none or an unknown one. */
function configTabOf(tab: string | null | undefined): ConfigTab {
  return CONFIG_TABS.find((known) => known === tab) ?? CONFIG_TABS[0];
}

/**
 * The general settings (spec 2 §2.1), behind the Config right; changing them needs it at
 * Ecriture. One tab per kind of setting: Tabuléo (the link settings), Regex (the name rules),
 * Plateformes and Applications (the catalogues), Tokens (the scheduled token purges).
 */
export function ConfigView({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const canEdit = can(user, 'Config', 'Ecriture');
  // The tab is part of the address (`/settings/regex`): each choice is a step in the history.
  const { place, go } = useShell();
  const tab = configTabOf(place.tab);
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('settings.title')}
      </Title>
      <Tabs
        value={tab}
        onChange={(next) => {
          if (next && next !== tab) go({ view: 'config', tab: next });
        }}
        keepMounted={false}
      >
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
