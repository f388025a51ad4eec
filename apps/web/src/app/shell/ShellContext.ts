import { createContext, useContext } from 'react';
import type { Place, View } from '../views/views';

/** What features may steer in the shell: the active school and where the console is (the address mirrors it). */
export type Shell = {
  activeSchoolUai: string | null;
  /** Makes a school active (or none): the school menu group follows, and a school view moves to that school. */
  setActiveSchoolUai: (uai: string | null) => void;
  /** Where the console is: the view, and its school, user page or tab. */
  place: Place;
  view: View;
  /** Opens a view of the active school, or a product-wide view. */
  setView: (view: View) => void;
  /**
   * Goes to a place: a new step in the browser's history, or in place of the current one. With
   * `onlyFrom`, only while the address is still that place's (its path): a view writing its state
   * late (a grid that opens slowly) never pulls back a user who has already gone elsewhere.
   */
  go: (place: Place, options?: GoOptions) => void;
};

export type GoOptions = { replace?: boolean; onlyFrom?: Place };

export const ShellContext = createContext<Shell | null>(null);

/** The shell's state; throws outside the signed-in shell. */
export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside the signed-in shell');
  return shell;
}
