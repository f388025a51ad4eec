import type { SessionUser } from '@console/contract';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { useState } from 'react';
import { createConsoleRouter } from '../routes/router';
import { SessionUserContext } from './SessionUserContext';

type SignedInShellProps = {
  user: SessionUser;
  /** The history the addresses live in: the browser's unless told (tests). */
  history?: RouterHistory;
};

/**
 * The signed-in console: a router over the browser's address, whose root is the shell's layout
 * (ShellLayout). One router per session: signing out unmounts it.
 */
export function SignedInShell({ user, history }: SignedInShellProps) {
  const [router] = useState(() => createConsoleRouter(user, history));
  return (
    <SessionUserContext.Provider value={user}>
      <RouterProvider router={router} context={{ user }} />
    </SessionUserContext.Provider>
  );
}
