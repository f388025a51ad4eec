import type { GridColumn } from '@console/contract';
import type { GridApi } from 'ag-grid-community';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { gridStateOfQuery, queryOfGridState, type GridAddressState, type GridSort } from './grid-address';
import type { UsersGridRow } from '../grid-rows';

/** How long typing in a filter waits before the address follows: one history entry, not one per key. */
const ADDRESS_DELAY_MS = 250;

/** The address's side of the grid: its query (without `?`), and how to replace it. */
export type GridAddress = { query: string | null; onQueryChange: (query: string) => void };

function stateOfGrid(api: GridApi<UsersGridRow>): GridAddressState {
  const sortModel = api
    .getColumnState()
    .filter((column) => column.sort === 'asc' || column.sort === 'desc')
    .sort((left, right) => (left.sortIndex ?? 0) - (right.sortIndex ?? 0))
    .map((column): GridSort => ({ colId: column.colId, sort: column.sort as GridSort['sort'] }));
  return { filterModel: api.getFilterModel(), sortModel };
}

/** The grid's state the address names when the grid opens: null when it names none (the saved filters then). */
export function initialAddressState(address: GridAddress | undefined, definitions: readonly GridColumn[]) {
  return address?.query ? gridStateOfQuery(address.query, definitions) : null;
}

/**
 * Keeps the address and the grid's filters and sort one (docs/design.md, "Addresses"): a change
 * in the grid replaces the address's query (shortly after typing stops); an address that changes
 * otherwise (Back, Forward, a link) sets the grid. Without `address` (a grid outside the shell)
 * it does nothing. Answers what the grid calls when its filters or sort change.
 */
export function useGridAddress(
  api: GridApi<UsersGridRow> | null,
  definitions: readonly GridColumn[],
  address: GridAddress | undefined,
): () => void {
  const timer = useRef<number | undefined>(undefined);
  // The last query the grid wrote: coming back as the address, it is the grid's own echo.
  const written = useRef<string | null>(null);

  const writeAddress = useEffectEvent(() => {
    timer.current = undefined;
    if (!address || !api || api.isDestroyed()) return;
    const query = queryOfGridState(stateOfGrid(api), definitions);
    if (query === address.query) return;
    written.current = query;
    address.onQueryChange(query);
  });

  // The address changed without the grid (or the grid just opened): the grid follows it, or the
  // address is completed with what the grid shows (the saved filters of a bare address). A change
  // of the grid on its way to the address gives way to it.
  const followAddress = useEffectEvent((query: string | null) => {
    if (!address || !api || api.isDestroyed() || (query !== null && query === written.current)) return;
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const named = query ? gridStateOfQuery(query, definitions) : null;
    if (!named) return writeAddress();
    if (queryOfGridState(named, definitions) === queryOfGridState(stateOfGrid(api), definitions)) return;
    api.setFilterModel(named.filterModel);
    api.applyColumnState({
      state: named.sortModel.map((sort, index) => ({ ...sort, sortIndex: index })),
      defaultState: { sort: null },
    });
  });
  const query = address?.query ?? null;
  useEffect(() => followAddress(query), [api, query]);

  // Each change of the grid restarts the wait; the address is written once it ends.
  const [changeCount, setChangeCount] = useState(0);
  useEffect(() => {
    if (changeCount === 0) return;
    timer.current = window.setTimeout(writeAddress, ADDRESS_DELAY_MS);
    return () => {
      window.clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [changeCount]);

  return () => setChangeCount((count) => count + 1);
}
