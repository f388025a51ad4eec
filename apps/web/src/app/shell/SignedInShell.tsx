import type { SessionUser } from '@console/contract';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { useState } from 'react';
import { startAddressOf } from '../routes/addresses';
import { createConsoleRouter } from '../routes/router';
import { SessionUserContext } from './SessionUserContext';

type SignedInShellProps = {
  user: SessionUser;
  /** The history the addresses live in: the browser's unless told (tests). */
  history?: RouterHistory;
};

/**
 * The signed-in console: a router over the browser's address, whose matches the shell's layout
 * wraps (ShellLayout). One router per session: signing out unmounts it.
 */
export function SignedInShell({ user, history }: SignedInShellProps) {
  const [router] = useState(() => {
    // At `/` (just signed in), the start view's address is written before the router starts: its
    // redirect would land a moment later, over a menu entry clicked at once.
    if (!history && window.location.pathname === '/') {
      window.history.replaceState(
        window.history.state,
        '',
        `${startAddressOf(user)}${window.location.search}${window.location.hash}`,
      );
    }
    return createConsoleRouter(user, history);
  });
  return (
    <SessionUserContext.Provider value={user}>
      <RouterProvider router={router} context={{ user }} />
    </SessionUserContext.Provider>
  );
}
