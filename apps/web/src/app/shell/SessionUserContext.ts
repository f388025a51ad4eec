import type { SessionUser } from '@console/contract';
import { createContext, useContext } from 'react';

/** The signed-in user as the session answers it now (a change of the session shows at once). */
export const SessionUserContext = createContext<SessionUser | null>(null);

/** The signed-in user; throws outside the signed-in shell. */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser outside the signed-in shell');
  return user;
}
