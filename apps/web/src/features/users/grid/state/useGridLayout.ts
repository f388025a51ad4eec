import type { GridColumn } from '@console/contract';
import type { GridApi, GridState } from 'ag-grid-community';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActiveFilter } from '#ui/grid/ActiveFilterChips';
import type { ToggleableColumn } from '#ui/grid/ColumnsMenu';
import { USERS_GRID_PREFERENCES_RESET_EVENT } from '#features/preferences/components/GridPreferencesPanel';
import { describeUsersFilter } from '../filters/describe-users-filter';
import type { FilterableColumn } from '../filters/FiltersPanel';
import type { GridAddressState } from './grid-address';
import { defaultWidthOf } from '../grid-columns';
import {
  defaultFilterModel,
  initialFilterModel,
  toSavedPreferences,
  writeGridPreferences,
  type GridPreferences,
  type StoredColumn,
} from './grid-preferences';
import type { UsersGridRow } from '../grid-rows';

type GridLayoutInput = {
  api: GridApi<UsersGridRow> | null;
  definitions: readonly GridColumn[];
  definitionsByKey: ReadonlyMap<string, GridColumn>;
  preferences: GridPreferences;
  /** The filters the address names, which the grid opens with rather than the saved ones. */
  addressState: GridAddressState | null;
};

/** Only filters of filterable columns the grid has: a saved layout may name columns another school had. */
function filtersOfColumns(
  model: Record<string, unknown>,
  definitionsByKey: ReadonlyMap<string, GridColumn>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(model).filter(([colId]) => (definitionsByKey.get(colId)?.filterType ?? 'none') !== 'none'),
  );
}

/**
 * The users grid's layout (spec 3 §2.1, spec 1 §5): the saved filters applied before the first
 * rows are drawn (Désactivé = 0 when none are saved), every change of column order, visibility, width or
 * filter saved, the preferences dialog's reset followed; and what the columns panel, the filters
 * panel and the chips show.
 */
export function useGridLayout({ api, definitions, definitionsByKey, preferences, addressState }: GridLayoutInput) {
  const { t, i18n } = useTranslation();
  // The grid holds the layout; this counter makes the panels and chips read it again.
  const [, refresh] = useReducer((count: number) => count + 1, 0);

  // Set before the grid is destroyed: what a closing grid reports is not a change of layout.
  const isClosed = useRef(false);
  useEffect(
    () => () => {
      isClosed.current = true;
    },
    [],
  );

  const save = () => {
    if (!api || api.isDestroyed() || isClosed.current) return;
    const columnState = api
      .getColumnState()
      .filter((column) => definitionsByKey.has(column.colId))
      .map((column): StoredColumn => {
        const width = column.width ?? undefined;
        const isDefaultWidth = width === undefined || width === defaultWidthOf(definitionsByKey.get(column.colId)!);
        return isDefaultWidth
          ? { colId: column.colId, hide: Boolean(column.hide) }
          : { colId: column.colId, hide: Boolean(column.hide), width };
      });
    writeGridPreferences(toSavedPreferences(columnState, api.getFilterModel(), definitions));
  };

  // The address's filters, else the saved filters (or the default one), applied before the first rows
  // are drawn. The address's sort is applied once the grid is ready (useGridAddress): a sort in the
  // initial state would make AG Grid show the columns the layout hides.
  const [initialState] = useState<GridState>(() => ({
    filter: {
      filterModel: filtersOfColumns(addressState?.filterModel ?? initialFilterModel(preferences, definitions), definitionsByKey),
    },
  }));
  const handleLayoutChanged = () => {
    save();
    refresh();
  };

  useEffect(() => {
    if (!api) return;
    const reset = () => {
      api.applyColumnState({
        state: definitions.map((definition) => ({
          colId: definition.key,
          hide: !definition.visible,
          width: defaultWidthOf(definition),
        })),
        applyOrder: true,
      });
      api.setFilterModel(defaultFilterModel(definitions));
      refresh();
    };
    window.addEventListener(USERS_GRID_PREFERENCES_RESET_EVENT, reset);
    return () => window.removeEventListener(USERS_GRID_PREFERENCES_RESET_EVENT, reset);
  }, [api, definitions]);

  const gridColumns =
    api && !api.isDestroyed() ? api.getAllGridColumns().filter((column) => definitionsByKey.has(column.getColId())) : [];
  const filterModel: Record<string, unknown> = api && !api.isDestroyed() ? api.getFilterModel() : {};

  const menuColumns: ToggleableColumn[] = gridColumns.map((column) => ({
    colId: column.getColId(),
    name: definitionsByKey.get(column.getColId())!.label,
    isVisible: column.isVisible(),
  }));
  const filterableColumns: FilterableColumn[] = gridColumns.flatMap((column) => {
    const definition = definitionsByKey.get(column.getColId())!;
    return definition.filterType === 'none' || definition.key === 'password'
      ? []
      : [{ colId: definition.key, name: definition.label, filterType: definition.filterType }];
  });
  const chips: ActiveFilter[] = Object.entries(filterModel).map(([colId, model]) => ({
    colId,
    column: definitionsByKey.get(colId)?.label ?? colId,
    value: describeUsersFilter(model, t, i18n.language),
  }));

  const toggleColumn = (colId: string, isVisible: boolean) => api?.setColumnsVisible([colId], isVisible);
  const moveColumn = (colId: string, offset: -1 | 1) => {
    if (!api) return;
    const order = gridColumns.map((column) => column.getColId());
    const from = order.indexOf(colId);
    const to = from + offset;
    if (from === -1 || to < 0 || to >= order.length) return;
    [order[from], order[to]] = [order[to]!, order[from]!];
    api.applyColumnState({ state: order.map((id) => ({ colId: id })), applyOrder: true });
    handleLayoutChanged();
  };
  const setColumnFilter = (colId: string, model: unknown) => {
    if (!api) return;
    void api.setColumnFilterModel(colId, model ?? null).then(() => api.onFilterChanged());
  };
  const clearFilters = () => api?.setFilterModel(null);

  return {
    initialState,
    handleLayoutChanged,
    menuColumns,
    filterableColumns,
    modelOf: (colId: string): unknown => filterModel[colId] ?? null,
    chips,
    toggleColumn,
    moveColumn,
    setColumnFilter,
    removeFilter: (colId: string) => setColumnFilter(colId, null),
    clearFilters,
  };
}
