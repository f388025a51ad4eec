import type { GridColumn, School, SchoolUser, SessionUser } from '@console/contract';
import type { Ref } from 'react';
import type { GridAddress } from './grid/state/useGridAddress';

/**
 * What the users view's parts share: the grid exposes this handle to the button bar (which
 * filters on a new login, clears the selection) and to the user page (which steps through the
 * grid's current order).
 */
export type UsersGridHandle = {
  /** Ids of the rows in the grid's current filtered and sorted order. */
  getOrderedIds: () => number[];
  /** Replaces the filters by "Login is exactly this login" (after a user was added). */
  filterOnLogin: (login: string) => void;
  /** Unselects every row. */
  deselectAll: () => void;
};

/** The selected rows, as the grid reports them (deactivated rows are never pre-selected). */
export type UsersSelection = readonly SchoolUser[];

/** What the users view gives its grid (components/UsersGrid.tsx, which mounts grid/SchoolUsersGrid.tsx per school). */
export type UsersGridProps = {
  school: School & { users: SchoolUser[] };
  columns: GridColumn[];
  user: SessionUser;
  onSelectionChange: (rows: SchoolUser[]) => void;
  onOpenUser: (id: number) => void;
  handleRef: Ref<UsersGridHandle>;
  /** An import whose users to show (the grid filtered on its number, once ready), then `onImportFilterApplied`. */
  importFilter?: number | null;
  onImportFilterApplied?: () => void;
  /** The address's query, which holds the filters and sort (absent outside the shell: the grid then keeps them to itself). */
  address?: GridAddress;
};
