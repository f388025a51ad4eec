import type { GridApi } from 'ag-grid-community';
import { useEffect, useEffectEvent } from 'react';
import { IMPORT_NUMBER_COLUMN } from './grid-columns';
import type { UsersGridRow } from './grid-rows';

/**
 * A confirmed import's users: once the grid is ready, it is filtered on the import's number (the
 * chips show it, to clear), once per request; `onApplied` then lets the request go.
 */
export function useGridImportFilter(api: GridApi<UsersGridRow> | null, importFilter: number | null, onApplied?: () => void) {
  const apply = useEffectEvent((gridApi: GridApi<UsersGridRow>, importNumber: number) => {
    gridApi.setFilterModel({ [IMPORT_NUMBER_COLUMN]: { filterType: 'number', type: 'equals', filter: importNumber } });
    onApplied?.();
  });
  useEffect(() => {
    if (api && !api.isDestroyed() && importFilter !== null) apply(api, importFilter);
  }, [api, importFilter]);
}
