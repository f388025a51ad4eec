import type { SessionUser } from '@console/contract';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type UserMenuProps = {
  user: Pick<SessionUser, 'firstname' | 'lastname'>;
  onOpenPreferences: () => void;
  onSignOut: () => void;
};

function initialsOf(firstname: string, lastname: string): string {
  return `${firstname.trim().charAt(0)}${lastname.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The avatar button and its menu: preferences and sign-out. */
export function UserMenu({ user, onOpenPreferences, onSignOut }: UserMenuProps) {
  const { t } = useTranslation();
  const name = `${user.firstname} ${user.lastname}`.trim();
  const initials = initialsOf(user.firstname, user.lastname);
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={220}>
      <Menu.Target>
        {/* The name starts with the initials the button shows (WCAG 2.5.3, label in name). */}
        <UnstyledButton aria-label={t('shell.user_menu', { initials, name })} style={{ borderRadius: '50%' }}>
          <Avatar color="ocean" variant="filled" radius="xl" size={36}>
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={onOpenPreferences}>
          {t('shell.preferences')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
