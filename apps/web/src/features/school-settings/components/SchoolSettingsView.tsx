import type { SessionUser } from '@console/contract';
import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShell } from '#app/shell/ShellContext';
import { can } from '#lib/abilities';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';
import { useSchoolParams, useSchoolSecrets } from '../api';
import { AsmTab } from './AsmTab';
import { ContactTab } from './ContactTab';
import { EcoleDirecteTab } from './EcoleDirecteTab';
import { DeployTab } from './DeployTab';
import { GeneralTab } from './GeneralTab';
import { PlatformsTab } from './PlatformsTab';

/** The tabs in their order (spec 2 §2.2); all but ecole-directe need adminTabs. */
const TABS = ['general', 'platforms', 'ecole-directe', 'asm', 'deploy', 'contact'] as const;
type SchoolSettingsTab = (typeof TABS)[number];
const OPEN_TABS: readonly SchoolSettingsTab[] = ['ecole-directe'];

/** The tab an address names among those shown; the first shown (general, or ecole-directe without adminTabs) for none or another. */
function tabOf(tab: string | null | undefined, shown: readonly SchoolSettingsTab[]): SchoolSettingsTab {
  return shown.find((known) => known === tab) ?? shown[0]!;
}

/**
 * The school settings (spec 2 §2.2), right ParamEtablissement: one tab a card (general,
 * platforms, EcoleDirecte, Apple School Manager, deployment, contact), each with the
 * edit-and-save pattern; changing needs the right at Ecriture, which the server answers as
 * `abilities.canEdit`. All tabs but EcoleDirecte need adminTabs: a school administrator, who
 * lacks it, has the EcoleDirecte tab alone.
 */
export function SchoolSettingsView({ uai, user }: { uai: string; user: SessionUser }) {
  const { t } = useTranslation();
  const { place, go } = useShell();
  const hasAdminTabs = can(user, 'adminTabs');
  const params = useSchoolParams(uai, { isEnabled: hasAdminTabs });
  const secrets = useSchoolSecrets(uai);
  const shown = hasAdminTabs ? TABS : OPEN_TABS;
  if (hasAdminTabs && params.isPending) return <LoadingBlock />;
  if (hasAdminTabs && params.isError) return <ErrorAlert />;
  const tab = tabOf(place.tab, shown);
  const canEdit = params.data?.abilities.canEdit ?? false;
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
          {shown.map((each) => (
            <Tabs.Tab key={each} value={each}>
              {t(`school_settings.tabs.${each}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="ecole-directe">
          <EcoleDirecteTab uai={uai} />
        </Tabs.Panel>
        {params.data && (
          <>
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
          </>
        )}
      </Tabs>
    </Stack>
  );
}
