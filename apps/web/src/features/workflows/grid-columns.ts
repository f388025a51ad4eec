import { compareFrench, workflows } from '@console/contract';
import type { ColDef, ICellRendererParams, ValueFormatterParams, ValueGetterParams } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { gridSymbolOf, toStatusKeyOf } from './status-appearance';
import { formatDateTime } from '#lib/format';

export type GridRow = workflows.SchoolWorkflowSummary;

export const SCHOOL_COLUMN = 'school';
export const LAST_UPDATE_COLUMN = 'lastUpdate';
export const BY_COLUMN = 'by';

/** The column id of a step, by its position (1 to 13). */
export function stepColumnId(position: number): string {
  return `step-${position}`;
}

/** What a status cell says, for its label and its filter: the state, or the pending quote. */
export function statusTextOf(stepName: string, status: workflows.DisplayedStatus | undefined, t: TFunction): string {
  if (status === undefined) return t('global_monitoring.symbols.unknown');
  const symbol = gridSymbolOf(stepName, status);
  return t(`global_monitoring.symbols.${symbol === 'quote_pending' ? 'quote_pending' : toStatusKeyOf(status)}`);
}

function dateOf(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Date filter: compares the calendar day of the last update with the filter's date (midnight). */
function compareDay(filterDate: Date, cellValue: Date | null): number {
  if (!cellValue) return -1;
  const day = new Date(cellValue.getFullYear(), cellValue.getMonth(), cellValue.getDate()).getTime();
  return day === filterDate.getTime() ? 0 : day < filterDate.getTime() ? -1 : 1;
}

type Renderers = {
  school: ComponentType<ICellRendererParams<GridRow>>;
  status: ComponentType<ICellRendererParams<GridRow> & { stepName: string }>;
};

/**
 * The grid's columns (spec 1 §2): a hidden last update and a hidden 'by', the school pinned left
 * (sorted ascending), then the 13 steps in order, each with its text filter over the status words.
 */
export function buildColumns(t: TFunction, language: string, renderers: Renderers): ColDef<GridRow>[] {
  const steps: ColDef<GridRow>[] = workflows.WORKFLOW_STEPS.map((name, index) => ({
    colId: stepColumnId(index + 1),
    headerName: name,
    headerTooltip: name,
    valueGetter: (params: ValueGetterParams<GridRow>) => params.data?.steps[name],
    filterValueGetter: (params: ValueGetterParams<GridRow>) => statusTextOf(name, params.data?.steps[name], t),
    cellRenderer: renderers.status,
    cellRendererParams: { stepName: name },
    filter: 'agTextColumnFilter',
    filterParams: { filterOptions: ['contains', 'notContains', 'equals'], maxNumConditions: 1 },
    minWidth: 90,
  }));
  return [
    {
      colId: LAST_UPDATE_COLUMN,
      headerName: t('global_monitoring.last_update_column'),
      initialHide: true,
      valueGetter: (params: ValueGetterParams<GridRow>) => dateOf(params.data?.lastUpdate),
      valueFormatter: (params: ValueFormatterParams<GridRow, Date | null>) =>
        params.value ? formatDateTime(params.value.toISOString(), language, 'long') : '',
      filter: 'agDateColumnFilter',
      filterParams: { comparator: compareDay, maxNumConditions: 1 },
      minWidth: 170,
    },
    {
      colId: BY_COLUMN,
      headerName: t('global_monitoring.by_column'),
      initialHide: true,
      valueGetter: (params: ValueGetterParams<GridRow>) => params.data?.by ?? '',
      filter: 'agTextColumnFilter',
      filterParams: { maxNumConditions: 1 },
      minWidth: 120,
    },
    {
      colId: SCHOOL_COLUMN,
      headerName: t('global_monitoring.school_column'),
      pinned: 'left',
      lockPinned: true,
      initialSort: 'asc',
      valueGetter: (params: ValueGetterParams<GridRow>) => params.data?.name ?? '',
      // By name, then by UAI between schools of the same name.
      comparator: (first: string, second: string, firstNode, secondNode) =>
        compareFrench(first, second) || compareFrench(firstNode.data?.uai ?? '', secondNode.data?.uai ?? ''),
      getQuickFilterText: (params) => `${params.data?.name ?? ''} ${params.data?.uai ?? ''}`,
      filterValueGetter: (params: ValueGetterParams<GridRow>) => `${params.data?.name ?? ''} ${params.data?.uai ?? ''}`,
      filter: 'agTextColumnFilter',
      filterParams: { maxNumConditions: 1 },
      cellRenderer: renderers.school,
      minWidth: 240,
    },
    ...steps,
  ];
}
