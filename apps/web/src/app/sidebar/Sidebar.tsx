import { Box, Stack } from '@mantine/core';
import type { View } from '../views/views';
import { EnvironmentBadge } from './EnvironmentBadge';
import type { MenuGroup } from './menu';
import { SidebarGroup } from './SidebarGroup';

type SidebarProps = {
  groups: MenuGroup[];
  currentView: View;
  onSelectView: (view: View) => void;
};

/** The side menu's content: one labelled group per menu group, the environment badge last. */
export function Sidebar({ groups, currentView, onSelectView }: SidebarProps) {
  return (
    <Stack gap="md" p="sm" h="100%">
      {groups.map((group) => (
        <SidebarGroup key={group.name} group={group} currentView={currentView} onSelectView={onSelectView} />
      ))}
      <Box mt="auto">
        <EnvironmentBadge hostname={window.location.hostname} />
      </Box>
    </Stack>
  );
}
