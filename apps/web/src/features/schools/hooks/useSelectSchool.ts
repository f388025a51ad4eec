import { useCallback } from 'react';
import { useShell } from '#app/shell/ShellContext';
import { clearGridFilters } from '../grid-filters';

/**
 * Makes a school active: the top bar and the school menu group follow, and switching to another
 * school clears the users grid's filters (spec 1 §4).
 */
export function useSelectSchool(): (uai: string) => void {
  const { activeSchoolUai, setActiveSchoolUai } = useShell();
  return useCallback(
    (uai: string) => {
      if (uai !== activeSchoolUai) clearGridFilters();
      setActiveSchoolUai(uai);
    },
    [activeSchoolUai, setActiveSchoolUai],
  );
}
