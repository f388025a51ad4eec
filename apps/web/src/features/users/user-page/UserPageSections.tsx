import { sheets, type RightArea, type SessionUser, type UserPage } from '@console/contract';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconApps, IconDeviceMobile, IconFiles, IconPrinter, IconSchool, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { PrintLogSection } from '#features/sheets/components/PrintLogSection';
import { ApplicationsSection } from './ApplicationsSection';
import { DevicesSection } from './DevicesSection';
import { DocumentsSection } from './DocumentsSection';
import { ProfileSection, type AccessEditing } from './ProfileSection';
import type { Catalogue } from './useApplicationToggle';

export const SECTIONS = ['profile', 'apps', 'teaching', 'devices', 'documents', 'prints'] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * The read right of each section (spec 3 §2.3). The print log (beyond the spec) goes with the PDF
 * menu's right.
 */
const SECTION_RIGHTS: Record<Section, RightArea> = {
  profile: 'UserPage_Profile',
  apps: 'UserPage_Apps',
  teaching: 'UserPage_Teaching',
  devices: 'UserPage_Devices',
  documents: 'UserPage_Documents',
  prints: sheets.SHEETS_RIGHT,
};

const SECTION_ICONS: Record<Section, ReactNode> = {
  profile: <IconUser size={16} aria-hidden />,
  apps: <IconApps size={16} aria-hidden />,
  teaching: <IconSchool size={16} aria-hidden />,
  devices: <IconDeviceMobile size={16} aria-hidden />,
  documents: <IconFiles size={16} aria-hidden />,
  prints: <IconPrinter size={16} aria-hidden />,
};

/** The sections the caller may read, in the sidebar's order. */
export function visibleSectionsOf(user: SessionUser): Section[] {
  return SECTIONS.filter((section) => can(user, SECTION_RIGHTS[section]));
}

type UserPageSectionsProps = {
  page: UserPage;
  user: SessionUser;
  editing: AccessEditing | null;
  catalogue: Catalogue | null;
  /** The section shown (kept while stepping from user to user); the first visible one otherwise. */
  section: Section | null;
  onSectionChange: (section: Section) => void;
};

/** A user page's sections with a sidebar, each shown only with its read right. */
export function UserPageSections({ page, user, editing, catalogue, section, onSectionChange }: UserPageSectionsProps) {
  const { t } = useTranslation();
  const sections = visibleSectionsOf(user);
  if (sections.length === 0) return null;
  const active = section && sections.includes(section) ? section : sections[0];

  return (
    <Tabs
      orientation="vertical"
      value={active}
      onChange={(value) => value && onSectionChange(value as Section)}
      keepMounted={false}
      styles={{ panel: { paddingInlineStart: 'var(--mantine-spacing-lg)', minWidth: 0 } }}
    >
      <Tabs.List aria-label={t('users.page.sections.label')} miw={180}>
        {sections.map((name) => (
          <Tabs.Tab key={name} value={name} leftSection={SECTION_ICONS[name]}>
            {t(`users.page.sections.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {sections.map((name) => (
        <Tabs.Panel key={name} value={name}>
          {name === 'profile' && <ProfileSection page={page} editing={editing} />}
          {name === 'apps' && <ApplicationsSection page={page} catalogue={catalogue} />}
          {name === 'teaching' && <TeachingSection />}
          {name === 'devices' && <DevicesSection devices={page.devices} />}
          {name === 'documents' && <DocumentsSection documents={page.documents} />}
          {name === 'prints' && <PrintLogSection userId={page.informations.userId} />}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The teaching section: a placeholder only, as the spec has it (its content is not shown). */
function TeachingSection() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={3} fz="h4">
        {t('users.page.sections.teaching')}
      </Title>
      <Text c="dimmed">{t('users.page.teaching.placeholder')}</Text>
    </Stack>
  );
}
