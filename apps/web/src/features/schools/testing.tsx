import type { i18n as I18n } from 'i18next';
import { useMemo, useState, type ReactElement } from 'react';
import { ShellContext, type Shell } from '#app/shell/ShellContext';
import type { View } from '#app/views/views';
import { renderWithProviders } from '#test/render';

type ShellState = { activeSchoolUai: string | null; view: View };

/**
 * Renders inside a working shell context (active school and view held in state), for components
 * that read or steer the shell. `shell()` answers the state as it is now.
 */
export function renderInShell(ui: ReactElement, { i18n, initial }: { i18n: I18n; initial?: Partial<ShellState> }) {
  const state: { current: ShellState } = { current: { activeSchoolUai: null, view: 'overview', ...initial } };

  function Harness() {
    const [activeSchoolUai, setActiveSchoolUai] = useState(state.current.activeSchoolUai);
    const [view, setView] = useState<View>(state.current.view);
    state.current = { activeSchoolUai, view };
    const shell = useMemo<Shell>(() => ({ activeSchoolUai, setActiveSchoolUai, view, setView }), [activeSchoolUai, view]);
    return <ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>;
  }

  const result = renderWithProviders(<Harness />, { i18n, withNotifications: true });
  return { ...result, shell: () => state.current };
}
