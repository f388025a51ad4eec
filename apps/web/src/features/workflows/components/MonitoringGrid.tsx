import type { CellClickedEvent, CellKeyDownEvent, GetLocaleTextParams, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deselectHiddenRows } from '#ui/grid/deselect-hidden-rows';
import { GRID_ROW_HEIGHT, gridTheme } from '#ui/grid/grid-theme';
import { GridSkipLinks } from '#ui/grid/GridSkipLinks';
import { tabOutOfGridFromCell, tabOutOfGridFromHeader } from '#ui/grid/keyboard-navigation';
import { buildColumns, SCHOOL_COLUMN, type GridRow } from '../grid-columns';
import { registerGridModules } from '../grid-modules';
import classes from './MonitoringGrid.module.css';
import { SchoolNameCell } from './SchoolNameCell';
import { StatusSymbolCell } from './StatusSymbolCell';

registerGridModules();

/** Spec 1 §9: auto-size 300 ms after loading ends. */
const AUTO_SIZE_DELAY_MS = 300;

type MonitoringGridProps = {
  rows: GridRow[];
  isListLoading: boolean;
  isLoading: boolean;
  quickFilter: string;
  onReady: (api: GridApi<GridRow>) => void;
  onOpenSchool: (uai: string) => void;
  onSelectionChange: (uais: string[]) => void;
  onFilterChange: () => void;
  onDisplayedCountChange: (count: number) => void;
};

/**
 * The global monitoring grid (spec 1 §2): one row per school, the school pinned left with its
 * selection checkbox, the 13 step columns, floating filters, sorted by school. Only the Community
 * modules it uses are registered.
 */
export function MonitoringGrid({
  rows,
  isListLoading,
  isLoading,
  quickFilter,
  onReady,
  onOpenSchool,
  onSelectionChange,
  onFilterChange,
  onDisplayedCountChange,
}: MonitoringGridProps) {
  const { t, i18n } = useTranslation();
  const [api, setApi] = useState<GridApi<GridRow> | null>(null);
  const columnDefs = useMemo(
    () => buildColumns(t, i18n.language, { school: SchoolNameCell, status: StatusSymbolCell }),
    [t, i18n.language],
  );

  useEffect(() => {
    if (!api || isLoading || rows.length === 0) return;
    const timer = setTimeout(() => {
      if (!api.isDestroyed()) api.autoSizeAllColumns();
    }, AUTO_SIZE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, isLoading, rows.length]);

  const handleCellClicked = (event: CellClickedEvent<GridRow>) => {
    if (event.column.getColId() === SCHOOL_COLUMN && event.data) onOpenSchool(event.data.uai);
  };
  const handleCellKeyDown = (event: CellKeyDownEvent<GridRow>) => {
    const key = (event.event as KeyboardEvent | null)?.key;
    if (key === 'Enter' && event.column.getColId() === SCHOOL_COLUMN && event.data) onOpenSchool(event.data.uai);
  };

  return (
    <GridSkipLinks api={api} name={t('grid.keyboard.names.schools')}>
      <div className={classes.grid}>
        <AgGridReact<GridRow>
          theme={gridTheme}
          rowData={rows}
          columnDefs={columnDefs}
          defaultColDef={{
            sortable: true,
            resizable: true,
            floatingFilter: true,
            suppressHeaderMenuButton: true,
            suppressMovable: true,
          }}
          getRowId={(params) => params.data.uai}
          rowHeight={GRID_ROW_HEIGHT}
          headerHeight={GRID_ROW_HEIGHT}
          floatingFiltersHeight={GRID_ROW_HEIGHT}
          rowSelection={{
            mode: 'multiRow',
            checkboxes: true,
            headerCheckbox: true,
            selectAll: 'filtered',
            enableClickSelection: false,
          }}
          selectionColumnDef={{ pinned: 'left', lockPinned: true, width: 44, minWidth: 44, maxWidth: 44, resizable: false }}
          quickFilterText={quickFilter}
          loading={isListLoading}
          animateRows={false}
          suppressColumnVirtualisation
          enableBrowserTooltips
          getLocaleText={(params: GetLocaleTextParams) => {
            const key = `global_monitoring.grid.${params.key}`;
            return i18n.exists(key) ? t(key) : params.defaultValue;
          }}
          tabToNextHeader={tabOutOfGridFromHeader}
          tabToNextCell={tabOutOfGridFromCell}
          onGridReady={(event) => {
            setApi(event.api);
            onReady(event.api);
          }}
          onCellClicked={handleCellClicked}
          onCellKeyDown={handleCellKeyDown}
          onSelectionChanged={(event) => onSelectionChange(event.api.getSelectedRows().map((row) => row.uai))}
          onFilterChanged={onFilterChange}
          onModelUpdated={(event) => {
            // Schools a filter or the quick search hid leave the selection: a reset reaches only what is shown.
            deselectHiddenRows(event.api);
            onDisplayedCountChange(event.api.getDisplayedRowCount());
          }}
        />
      </div>
    </GridSkipLinks>
  );
}
