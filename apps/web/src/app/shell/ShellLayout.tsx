import '@mantine/notifications/styles.css';
import { isAccountHolderProfile } from '@console/contract';
import { AppShell } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { ApiError } from '#lib/api';
import { useSignOut } from '#features/auth/api';
import { useClientConfig } from '#features/client-config/api';
import { PreferencesDialog } from '#features/preferences/components/PreferencesDialog';
import { useAccountLanguage } from '#features/preferences/hooks/useChooseLanguage';
import { useSchool } from '#features/schools/api';
import { accessOf } from '../routes/access';
import { addressOf, isStillAt, startAddressOf } from '../routes/addresses';
import { useAddressPlace } from '../routes/useAddressPlace';
import { visibleMenuGroups } from '../sidebar/menu';
import { Sidebar } from '../sidebar/Sidebar';
import { SIDEBAR_BREAKPOINT, SIDEBAR_WIDTH, useSidebarState } from '../sidebar/useSidebarState';
import { TopBar } from '../topbar/TopBar';
import { AddressMessage, type AddressProblem } from '../views/AddressMessage';
import { ViewSwitch } from '../views/ViewSwitch';
import { hasSideMenu, isSchoolView, startViewOf, type Place, type View } from '../views/views';
import { readRememberedSchool, rememberSchool } from './remembered-school';
import classes from './SignedInShell.module.css';
import { useSessionUser } from './SessionUserContext';
import { ShellContext, type GoOptions, type Shell } from './ShellContext';
import { useDocumentTitle } from './useDocumentTitle';

const MENU_ID = 'main-menu';
const MAIN_ID = 'main-content';
const HEADER_HEIGHT = 60;
/** The toasts' width in pixels; their place is in SignedInShell.module.css (`.toasts`). */
const TOAST_WIDTH = 440;

/**
 * The signed-in console: top bar, side menu, the view the address names (or why it shows none),
 * preferences and toasts. It wraps the router's matches (routes/router.ts, `InnerWrap`).
 */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { read, isRedirecting } = useAddressPlace();
  const navigate = useNavigate();
  const [isPreferencesOpen, setIsPreferencesOpen] = useState(false);
  const signOut = useSignOut();
  const clientConfig = useClientConfig();
  const isAccountHolder = isAccountHolderProfile(user.profile);
  useAccountLanguage(user);

  // A school the user may not read, or that does not exist, is said so rather than shown empty.
  const access = accessOf(read, user);
  const addressUai = access === 'open' ? (read?.place.uai ?? null) : null;
  const canReadSchools = can(user, 'Table');
  const school = useSchool(addressUai, { isEnabled: canReadSchools });
  const schoolStatus = school.error instanceof ApiError ? school.error.status : null;
  const schoolProblem: AddressProblem | null = schoolStatus === 403 ? 'forbidden' : schoolStatus === 404 ? 'no_school' : null;
  const problem: AddressProblem | null = isRedirecting ? null : access !== 'open' ? access : schoolProblem;

  // The school the address names is the active one, once known to be readable; views without a
  // school, and the message for a school that is not, keep the last one.
  const [rememberedUai, setRememberedUai] = useState(() => readRememberedSchool(user.id) ?? user.uai);
  if (addressUai && addressUai !== rememberedUai && (school.isSuccess || !canReadSchools)) setRememberedUai(addressUai);
  useEffect(() => rememberSchool(user.id, rememberedUai), [user.id, rememberedUai]);
  const place = useMemo<Place>(() => read?.place ?? { view: startViewOf(user.profile) }, [read, user.profile]);
  const activeSchoolUai = isAccountHolder ? user.uai : !problem && isSchoolView(place.view) ? (place.uai ?? null) : rememberedUai;

  const router = useRouter();
  const go = useCallback(
    (next: Place, options?: GoOptions) => {
      // The router's latest address, already the new one while a view the user left is still drawn.
      if (options?.onlyFrom && !isStillAt(router, options.onlyFrom)) return;
      void navigate({ href: addressOf(next), replace: options?.replace });
    },
    [navigate, router],
  );
  const withMenu = hasSideMenu(user.profile);
  const sidebar = useSidebarState(withMenu);
  const { closeOnMobile } = sidebar;
  const shell = useMemo<Shell>(
    () => ({
      activeSchoolUai,
      setActiveSchoolUai: (uai) => {
        setRememberedUai(uai);
        if (isSchoolView(place.view)) go({ view: place.view, uai, tab: place.view === 'params' ? place.tab : null });
      },
      place,
      view: place.view,
      setView: (view: View) => {
        go({ view, uai: activeSchoolUai });
        closeOnMobile();
      },
      go,
    }),
    [activeSchoolUai, place, go, closeOnMobile],
  );
  const groups = visibleMenuGroups(user, { hasActiveSchool: activeSchoolUai !== null, helpUrls: clientConfig.data?.helpUrls });
  const isMenuShown = sidebar.isMobile ? sidebar.isMobileOpen : sidebar.isOpen;

  const schoolName = read?.place.uai
    ? (school.data?.informations.name ?? (read.place.uai === user.uai ? user.schoolName : null))
    : null;
  useDocumentTitle([
    problem ? t(`address.${problem}.title`) : isAccountHolder ? t('account.title') : t(`views.titles.${place.view}`),
    isAccountHolder ? user.schoolName : problem ? null : schoolName,
    t('global.product_name'),
  ]);

  const handleSignOut = () => {
    // The next person to sign in here starts from their own start, not this user's last view.
    window.history.replaceState(null, '', '/');
    signOut.mutate();
  };

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
            onSignOut={handleSignOut}
          />
        </AppShell.Header>
        {withMenu && (
          <AppShell.Navbar id={MENU_ID} aria-label={t('shell.main_menu')} inert={!isMenuShown}>
            <Sidebar
              groups={groups}
              currentView={problem ? null : place.view}
              addressOf={(view) => addressOf({ view, uai: activeSchoolUai })}
              onSelectView={closeOnMobile}
            />
          </AppShell.Navbar>
        )}
        <AppShell.Main id={MAIN_ID} tabIndex={-1} pb={96} bg="gray.0" className={classes.main}>
          {isRedirecting ? null : problem ? (
            <AddressMessage problem={problem} homeAddress={startAddressOf(user)} isAccountHolder={isAccountHolder} />
          ) : (
            <ViewSwitch place={{ ...place, uai: activeSchoolUai }} user={user} />
          )}
        </AppShell.Main>
      </AppShell>
      <PreferencesDialog user={user} isOpen={isPreferencesOpen} onClose={() => setIsPreferencesOpen(false)} />
      {/* The router's matches: they draw nothing (the routes have no component), but follow the address. */}
      {children}
    </ShellContext.Provider>
  );
}
