import '@mantine/notifications/styles.css';
import type { SessionUser } from '@console/contract';
import { AppShell } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '#features/auth/api';
import { useClientConfig } from '#features/client-config/api';
import { PreferencesDialog } from '#features/preferences/components/PreferencesDialog';
import { visibleMenuGroups } from '../sidebar/menu';
import { Sidebar } from '../sidebar/Sidebar';
import { SIDEBAR_BREAKPOINT, SIDEBAR_WIDTH, useSidebarState } from '../sidebar/useSidebarState';
import { TopBar } from '../topbar/TopBar';
import { ViewSwitch } from '../views/ViewSwitch';
import classes from './SignedInShell.module.css';
import { ShellContext } from './ShellContext';
import { hasSideMenu, startViewOf, type View } from '../views/views';

const MENU_ID = 'main-menu';
const MAIN_ID = 'main-content';
const HEADER_HEIGHT = 60;
/** The toasts' width in pixels; their place is in SignedInShell.module.css (`.toasts`). */
const TOAST_WIDTH = 440;

/** The signed-in console: top bar, side menu, the current view, preferences and toasts. */
export function SignedInShell({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>(() => startViewOf(user.profile));
  const [isPreferencesOpen, setIsPreferencesOpen] = useState(false);
  const signOut = useSignOut();
  const clientConfig = useClientConfig();
  // A school administrator's own school is active from sign-in; others choose one in the picker.
  const [activeSchoolUai, setActiveSchoolUai] = useState<string | null>(user.uai);
  const withMenu = hasSideMenu(user.profile);
  const sidebar = useSidebarState(withMenu);
  const groups = visibleMenuGroups(user, { hasActiveSchool: activeSchoolUai !== null, helpUrls: clientConfig.data?.helpUrls });

  const handleSelectView = (next: View) => {
    setView(next);
    sidebar.closeOnMobile();
  };
  const isMenuShown = sidebar.isMobile ? sidebar.isMobileOpen : sidebar.isOpen;
  const shell = useMemo(() => ({ activeSchoolUai, setActiveSchoolUai, view, setView }), [activeSchoolUai, view]);

  return (
    <ShellContext.Provider value={shell}>
      {/*
        Top right, just below the top bar: over the view's title row, which no action needs, rather
        than over the top bar's search and school picker or a grid's last column (issue 31 §7).
      */}
      <Notifications position="top-right" containerWidth={TOAST_WIDTH} zIndex={400} classNames={{ root: classes.toasts }} />
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        {t('shell.skip_to_content')}
      </a>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={
          withMenu
            ? {
                width: SIDEBAR_WIDTH,
                breakpoint: SIDEBAR_BREAKPOINT,
                collapsed: { mobile: !sidebar.isMobileOpen, desktop: !sidebar.isOpen },
              }
            : undefined
        }
        padding="lg"
      >
        <AppShell.Header>
          <TopBar
            user={user}
            activeSchoolUai={activeSchoolUai}
            menuToggle={withMenu ? { isOpen: isMenuShown, onToggle: sidebar.toggle, controls: MENU_ID } : undefined}
            onOpenPreferences={() => setIsPreferencesOpen(true)}
            onSignOut={() => signOut.mutate()}
          />
        </AppShell.Header>
        {withMenu && (
          <AppShell.Navbar id={MENU_ID} aria-label={t('shell.main_menu')} inert={!isMenuShown}>
            <Sidebar groups={groups} currentView={view} onSelectView={handleSelectView} />
          </AppShell.Navbar>
        )}
        <AppShell.Main id={MAIN_ID} tabIndex={-1} pb={96} bg="gray.0" className={classes.main}>
          <ViewSwitch view={view} user={user} activeSchoolUai={activeSchoolUai} />
        </AppShell.Main>
      </AppShell>
      <PreferencesDialog user={user} isOpen={isPreferencesOpen} onClose={() => setIsPreferencesOpen(false)} />
    </ShellContext.Provider>
  );
}
