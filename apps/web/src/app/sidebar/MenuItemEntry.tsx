import { NavLink, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconBook2,
  IconBell,
  IconChartBar,
  IconExternalLink,
  IconFileImport,
  IconFolder,
  IconHeadset,
  IconHelpCircle,
  IconLayoutDashboard,
  IconListCheck,
  IconSettings,
  IconTimeline,
  IconTool,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { View } from '../views/views';
import type { MenuItem } from './menu';

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

type MenuItemEntryProps = { item: MenuItem; currentView: View; onSelectView: (view: View) => void };

/** One side-menu entry: a view button, the external help link, or a (not yet wired) SSO button. */
export function MenuItemEntry({ item, currentView, onSelectView }: MenuItemEntryProps) {
  const { t } = useTranslation();
  const descriptionId = useId();

  if (item.kind === 'view') {
    const ViewIcon = VIEW_ICONS[item.view];
    const isCurrent = item.view === currentView;
    return (
      <NavLink
        styles={NAV_LINK_STYLES}
        component="button"
        type="button"
        label={t(`views.titles.${item.view}`)}
        leftSection={<ViewIcon size={18} stroke={1.6} aria-hidden />}
        active={isCurrent}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={() => onSelectView(item.view)}
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

  // The SSO calls for support and catalogue come with a later issue: both stay disabled until then.
  const reason = item.isDisabled ? t('shell.needs_email') : t('shell.coming_soon');
  const SsoIcon = item.kind === 'support' ? IconHeadset : IconBook2;
  return (
    <>
      <Tooltip label={reason} position="right" withArrow events={{ hover: true, focus: true, touch: true }}>
        <NavLink
          styles={NAV_LINK_STYLES}
          component="button"
          type="button"
          label={t(`menu.${item.kind}`)}
          leftSection={<SsoIcon size={18} stroke={1.6} aria-hidden />}
          aria-disabled
          aria-describedby={descriptionId}
          data-disabled
          // Mantine's disabled style drops pointer events, which would hide the tooltip saying why.
          style={{ pointerEvents: 'auto', cursor: 'not-allowed' }}
          onClick={(event) => event.preventDefault()}
        />
      </Tooltip>
      <span id={descriptionId} hidden>
        {reason}
      </span>
    </>
  );
}
