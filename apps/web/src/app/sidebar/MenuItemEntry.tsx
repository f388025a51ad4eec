import { NavLink, VisuallyHidden } from '@mantine/core';
import {
  IconBell,
  IconChartBar,
  IconExternalLink,
  IconFileImport,
  IconFolder,
  IconHelpCircle,
  IconLayoutDashboard,
  IconListCheck,
  IconSettings,
  IconTimeline,
  IconTool,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { View } from '../views/views';
import type { MenuItem } from './menu';
import { SignOnMenuEntry } from './SignOnMenuEntry';

const VIEW_ICONS: Record<View, Icon> = {
  overview: IconLayoutDashboard,
  global_monitoring: IconListCheck,
  config: IconTool,
  notifications: IconBell,
  users: IconUsers,
  dashboard: IconChartBar,
  monitoring: IconTimeline,
  params: IconSettings,
  document_manager: IconFolder,
  import: IconFileImport,
};

/** Long labels ('Gestionnaire de documents') wrap: keep their lines close together. */
const NAV_LINK_STYLES = { body: { lineHeight: 1.3 } };

type MenuItemEntryProps = {
  item: MenuItem;
  currentView: View | null;
  addressOf: (view: View) => string;
  onSelectView: () => void;
};

/**
 * One side-menu entry: a link to a view (its address, so that a middle click opens it in a new
 * tab), the external help link, or the support or catalogue button.
 */
export function MenuItemEntry({ item, currentView, addressOf, onSelectView }: MenuItemEntryProps) {
  const { t } = useTranslation();

  if (item.kind === 'view') {
    const ViewIcon = VIEW_ICONS[item.view];
    const isCurrent = item.view === currentView;
    return (
      <NavLink
        styles={NAV_LINK_STYLES}
        component={Link}
        to={addressOf(item.view)}
        label={t(`views.titles.${item.view}`)}
        leftSection={<ViewIcon size={18} stroke={1.6} aria-hidden />}
        active={isCurrent}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={onSelectView}
      />
    );
  }

  if (item.kind === 'help') {
    return (
      <NavLink
        styles={NAV_LINK_STYLES}
        component="a"
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
        label={
          <>
            {t('menu.help')}
            <VisuallyHidden> {t('shell.opens_new_tab')}</VisuallyHidden>
          </>
        }
        leftSection={<IconHelpCircle size={18} stroke={1.6} aria-hidden />}
        rightSection={<IconExternalLink size={14} stroke={1.6} aria-hidden />}
      />
    );
  }

  return <SignOnMenuEntry site={item.kind} isDisabled={item.isDisabled} />;
}
