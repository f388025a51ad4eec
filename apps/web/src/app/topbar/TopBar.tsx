import type { SessionUser } from '@console/contract';
import { ActionIcon, Divider, Group, Text } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Logo } from '#ui/Logo';
import { SchoolIdentity } from './SchoolIdentity';
import { TopBarSchoolTools } from './TopBarSchoolTools';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';

type TopBarProps = {
  user: SessionUser;
  activeSchoolUai: string | null;
  /** The side menu toggle; absent for profiles without a menu. */
  menuToggle?: { isOpen: boolean; onToggle: () => void; controls: string };
  onOpenPreferences: () => void;
  onSignOut: () => void;
};

export function TopBar({ user, activeSchoolUai, menuToggle, onOpenPreferences, onSignOut }: TopBarProps) {
  const { t } = useTranslation();
  const ToggleIcon = menuToggle?.isOpen ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  return (
    <Group h="100%" px="md" gap="md" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {menuToggle && (
          <ActionIcon
            variant="subtle"
            color="gray.7"
            size="lg"
            onClick={menuToggle.onToggle}
            aria-label={t('shell.toggle_menu')}
            aria-expanded={menuToggle.isOpen}
            aria-controls={menuToggle.controls}
          >
            <ToggleIcon size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        )}
        <Group gap={8} wrap="nowrap" visibleFrom="xs">
          <Logo size={28} />
          <Text fw={700} size="md" style={{ whiteSpace: 'nowrap' }}>
            {t('global.product_name')}
          </Text>
        </Group>
        {activeSchoolUai && (
          <>
            <Divider orientation="vertical" h={28} style={{ alignSelf: 'center' }} visibleFrom="xs" />
            <SchoolIdentity uai={activeSchoolUai} user={user} />
          </>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <TopBarSchoolTools user={user} />
        <LanguageMenu />
        <UserMenu user={user} onOpenPreferences={onOpenPreferences} onSignOut={onSignOut} />
      </Group>
    </Group>
  );
}
