import { Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { View } from '../views/views';
import type { MenuGroup } from './menu';
import { MenuItemEntry } from './MenuItemEntry';

type SidebarGroupProps = {
  group: MenuGroup;
  currentView: View | null;
  addressOf: (view: View) => string;
  onSelectView: () => void;
};

/** One group of the side menu (product-wide, school, utilities), named by its visible title. */
export function SidebarGroup({ group, currentView, addressOf, onSelectView }: SidebarGroupProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId}>
      <Text id={titleId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
        {t(`shell.groups.${group.name}`)}
      </Text>
      <ul role="list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {group.items.map((item) => (
          <li key={item.kind === 'view' ? item.view : item.kind}>
            <MenuItemEntry item={item} currentView={currentView} addressOf={addressOf} onSelectView={onSelectView} />
          </li>
        ))}
      </ul>
    </div>
  );
}
