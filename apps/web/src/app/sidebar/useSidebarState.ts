import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { readCookie, writeCookie } from '#lib/cookies';

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;
export const SIDEBAR_WIDTH = '14rem';
/** 768 px, the spec's mobile breakpoint, in em as Mantine's AppShell expects. */
export const SIDEBAR_BREAKPOINT = '48em';

export type SidebarState = {
  /** Open on wide screens (kept in the cookie). */
  isOpen: boolean;
  /** Open as an overlay on narrow screens (not kept: it closes once a view is chosen). */
  isMobileOpen: boolean;
  /** Whether the narrow-screen layout applies. */
  isMobile: boolean;
  toggle: () => void;
  closeOnMobile: () => void;
};

/** The side menu's open state, toggled by the button and by Ctrl/Cmd+B when `isEnabled`. */
export function useSidebarState(isEnabled: boolean): SidebarState {
  const [isOpen, setIsOpen] = useState(() => readCookie(SIDEBAR_COOKIE) !== 'false');
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const isMobile = useMediaQuery(`(max-width: calc(${SIDEBAR_BREAKPOINT} - 0.0625em))`) ?? false;

  const toggle = useCallback(() => {
    if (isMobile) {
      setIsMobileOpen((open) => !open);
      return;
    }
    writeCookie(SIDEBAR_COOKIE, String(!isOpen), SIDEBAR_COOKIE_MAX_AGE);
    setIsOpen(!isOpen);
  }, [isMobile, isOpen]);

  const closeOnMobile = useCallback(() => setIsMobileOpen(false), []);

  useHotkeys(isEnabled ? [['mod+B', toggle]] : [], []);

  return { isOpen, isMobileOpen, isMobile, toggle, closeOnMobile };
}
