import type { School, SchoolUser, SessionUser } from '@console/contract';
import type { i18n as I18n } from 'i18next';
import { vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { UsersButtonBar } from '../components/UsersButtonBar';
import type { UsersGridHandle } from '../users-view';

type BarOptions = {
  i18n: I18n;
  school: School & { users: SchoolUser[] };
  user: SessionUser;
  selected?: readonly SchoolUser[];
  isBinShown?: boolean;
};

/** Renders the button bar with a stand-in grid handle, for the actions' tests. */
export function renderButtonBar({ i18n, school, user, selected = [], isBinShown = false }: BarOptions) {
  const grid = {
    current: { getOrderedIds: vi.fn(() => []), filterOnLogin: vi.fn(), deselectAll: vi.fn() } satisfies UsersGridHandle,
  };
  const onBinShownChange = vi.fn();
  const result = renderWithProviders(
    <UsersButtonBar
      school={school}
      user={user}
      selected={selected}
      grid={grid}
      isBinShown={isBinShown}
      onBinShownChange={onBinShownChange}
    />,
    { i18n, withNotifications: true },
  );
  return { ...result, grid: grid.current, onBinShownChange };
}
