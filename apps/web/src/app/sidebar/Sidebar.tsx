import { Box, Stack } from '@mantine/core';
import type { View } from '../views/views';
import { EnvironmentBadge } from './EnvironmentBadge';
import type { MenuGroup } from './menu';
import { SidebarGroup } from './SidebarGroup';

type SidebarProps = {
  groups: MenuGroup[];
  /** The view shown, marked current; null when the address shows none. */
  currentView: View | null;
  /** Each view entry's address, so that it opens in a new tab too. */
  addressOf: (view: View) => string;
  /** After an entry is followed (the menu closes on small screens). */
  onSelectView: () => void;
};

/** The side menu's content: one labelled group per menu group, the environment badge last. */
export function Sidebar({ groups, currentView, addressOf, onSelectView }: SidebarProps) {
  return (
    <Stack gap="md" p="sm" h="100%">
      {groups.map((group) => (
        <SidebarGroup
          key={group.name}
          group={group}
          currentView={currentView}
          addressOf={addressOf}
          onSelectView={onSelectView}
        />
      ))}
      <Box mt="auto">
        <EnvironmentBadge hostname={window.location.hostname} />
      </Box>
    </Stack>
  );
}
