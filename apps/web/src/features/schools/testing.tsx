import type { i18n as I18n } from 'i18next';
import { useMemo, useState, type ReactElement } from 'react';
import { ShellContext, type Shell } from '#app/shell/ShellContext';
import { isSchoolView, type Place, type View } from '#app/views/views';
import { renderWithProviders } from '#test/render';

type ShellState = { activeSchoolUai: string | null; view: View; place: Place };
type InitialShell = { activeSchoolUai?: string | null; view?: View; place?: Partial<Place> };

/**
 * Renders inside a working shell (active school and place held in state, as the signed-in shell
 * holds them in the address), for components that read or steer the shell. `shell()` answers the
 * state as it is now.
 */
export function renderInShell(ui: ReactElement, { i18n, initial = {} }: { i18n: I18n; initial?: InitialShell }) {
  const activeSchoolUai = initial.activeSchoolUai ?? null;
  const view = initial.place?.view ?? initial.view ?? 'overview';
  const firstPlace: Place = { view, uai: isSchoolView(view) ? activeSchoolUai : null, ...initial.place };
  const state: { current: ShellState } = { current: { activeSchoolUai, view, place: firstPlace } };

  function Harness() {
    const [place, setPlace] = useState<Place>(firstPlace);
    const [rememberedUai, setRememberedUai] = useState(activeSchoolUai);
    const active = isSchoolView(place.view) ? (place.uai ?? null) : rememberedUai;
    state.current = { activeSchoolUai: active, view: place.view, place };
    const shell = useMemo<Shell>(
      () => ({
        activeSchoolUai: active,
        setActiveSchoolUai: (uai) => {
          setRememberedUai(uai);
          if (isSchoolView(place.view)) setPlace({ view: place.view, uai });
        },
        place,
        view: place.view,
        setView: (next) => setPlace({ view: next, uai: isSchoolView(next) ? active : null }),
        go: (next) => {
          if (next.uai) setRememberedUai(next.uai);
          setPlace(next);
        },
      }),
      [active, place],
    );
    return <ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>;
  }

  const result = renderWithProviders(<Harness />, { i18n, withNotifications: true });
  return { ...result, shell: () => state.current };
}
