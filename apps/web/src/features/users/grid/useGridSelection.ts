import type { SchoolUser } from '@console/contract';
import type { GridApi, SelectionChangedEvent } from 'ag-grid-community';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { UsersGridRow } from './grid-rows';

/**
 * The grid's selection, as users: counted for the status line and reported to the view. Rows that
 * changed (an edit, a reload) are reported again, selected, with their new values; the grid itself
 * reports a selection that lost rows.
 */
export function useGridSelection({
  api,
  usersById,
  onSelectionChange,
}: {
  api: GridApi<UsersGridRow> | null;
  usersById: ReadonlyMap<number, SchoolUser>;
  onSelectionChange: (selected: SchoolUser[]) => void;
}) {
  const [selectedCount, setSelectedCount] = useState(0);
  const selectedUsersOf = useCallback(
    (gridApi: GridApi<UsersGridRow>) => gridApi.getSelectedRows().flatMap((row) => usersById.get(row.id) ?? []),
    [usersById],
  );
  const reportChangedUsers = useEffectEvent(() => {
    if (api && !api.isDestroyed() && api.getSelectedRows().length > 0) onSelectionChange(selectedUsersOf(api));
  });
  useEffect(() => reportChangedUsers(), [usersById]);

  const handleSelectionChanged = (event: SelectionChangedEvent<UsersGridRow>) => {
    const selected = selectedUsersOf(event.api);
    setSelectedCount(selected.length);
    onSelectionChange(selected);
  };
  return { selectedCount, handleSelectionChanged };
}
