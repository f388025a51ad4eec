import type { SessionUser } from '@console/contract';
import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShell } from '#app/shell/ShellContext';
import { EmptyView } from '#app/views/EmptyView';
import { can } from '#lib/abilities';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';
import { useSchoolParams, useSchoolSecrets } from '../api';
import { AsmTab } from './AsmTab';
import { ContactTab } from './ContactTab';
import { DeployTab } from './DeployTab';
import { GeneralTab } from './GeneralTab';
import { PlatformsTab } from './PlatformsTab';

/** The tabs that need adminTabs (spec 2 §2.2), in their order; the first opens by default. */
const ADMIN_TABS = ['general', 'platforms', 'asm', 'deploy', 'contact'] as const;
type SchoolSettingsTab = (typeof ADMIN_TABS)[number];

/** The tab an address names; the first for none or an unknown one. */
function tabOf(tab: string | null | undefined): SchoolSettingsTab {
  return ADMIN_TABS.find((known) => known === tab) ?? ADMIN_TABS[0];
}

/**
 * The school settings (spec 2 §2.2), right ParamEtablissement: one tab a card (general,
 * platforms, Apple School Manager, deployment, contact), each with the edit-and-save pattern; changing needs the right at
 * Ecriture, which the server answers as `abilities.canEdit`. The tabs need adminTabs.
 */
export function SchoolSettingsView({ uai, user }: { uai: string; user: SessionUser }) {
  const { t } = useTranslation();
  const { place, go } = useShell();
  const hasAdminTabs = can(user, 'adminTabs');
  const params = useSchoolParams(uai, { isEnabled: hasAdminTabs });
  const secrets = useSchoolSecrets(uai);
  if (!hasAdminTabs) return <EmptyView view="params" />;
  if (params.isPending) return <LoadingBlock />;
  if (params.isError) return <ErrorAlert />;
  const tab = tabOf(place.tab);
  const canEdit = params.data.abilities.canEdit;
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('views.titles.params')}
      </Title>
      <Tabs
        value={tab}
        onChange={(next) => {
          if (next && next !== tab) go({ view: 'params', uai, tab: next });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('views.titles.params')} mb="lg">
          {ADMIN_TABS.map((each) => (
            <Tabs.Tab key={each} value={each}>
              {t(`school_settings.tabs.${each}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general">
          <GeneralTab uai={uai} params={params.data} secrets={secrets} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="platforms">
          <PlatformsTab uai={uai} params={params.data} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="asm">
          <AsmTab uai={uai} params={params.data} secrets={secrets} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="deploy">
          <DeployTab uai={uai} params={params.data} secrets={secrets} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="contact">
          <ContactTab uai={uai} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
