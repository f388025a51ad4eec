import { createContext, useContext } from 'react';
import type { View } from '../views/views';

/** What features may steer in the shell: the active school and the current view. */
export type Shell = {
  activeSchoolUai: string | null;
  /** Makes a school active (or none); the school menu group follows. */
  setActiveSchoolUai: (uai: string | null) => void;
  view: View;
  setView: (view: View) => void;
};

export const ShellContext = createContext<Shell | null>(null);

/** The shell's state; throws outside the signed-in shell. */
export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside the signed-in shell');
  return shell;
}
