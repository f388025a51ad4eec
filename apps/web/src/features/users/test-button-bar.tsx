import type { School, SchoolUser, SessionUser } from '@console/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { vi } from 'vitest';
import { mockFetch } from '#test/fetch-mock';
import { renderWithProviders } from '#test/render';
import { UsersButtonBar } from './components/UsersButtonBar';
import type { UsersGridHandle } from './users-view';

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

/** Answers `routes`, renders the bar and opens its 'Modification groupée' menu. */
export async function openBulkEditMenu(options: BarOptions, routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch(routes);
  renderButtonBar(options);
  const events = userEvent.setup();
  await events.click(screen.getByRole('button', { name: 'Modification groupée' }));
  await screen.findByRole('menu');
  return { fetchMock, user: events };
}

/** An item of the open menu, by its name. */
export const menuItem = (name: string | RegExp) => screen.getByRole('menuitem', { name });
