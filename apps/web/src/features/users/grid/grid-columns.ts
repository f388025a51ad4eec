import { compareFrench, users, type CellValue, type GridColumn } from '@console/contract';
import type {
  ColDef,
  DoesFilterPassParams,
  EditableCallbackParams,
  ICellEditorParams,
  ValueFormatterParams,
} from 'ag-grid-community';
import { formatDateTime } from '#lib/format';
import { BooleanFilter } from './filters/BooleanFilter';
import { BooleanFloatingFilter } from './filters/BooleanFloatingFilter';
import { CheckboxCellRenderer } from './checkbox-cell-renderer';
import { ComboboxCellEditor, type ComboboxEditorParams } from './edits/ComboboxCellEditor';
import { isBooleanFilterModel, isOptionFilterModel, passesBooleanFilter, passesOptionFilter } from './filters/filter-models';
import type { GridBridge } from './grid-bridge';
import { applyColumnLayout, type StoredColumn } from './state/grid-preferences';
import type { UsersGridRow } from './grid-rows';
import { OptionSetFilter, type OptionFilterParams } from './filters/OptionSetFilter';
import { OptionSetFloatingFilter } from './filters/OptionSetFloatingFilter';
import { PasswordCell } from './PasswordCell';

export type UsersColDef = ColDef<UsersGridRow, CellValue>;

export const LOGIN_COLUMN = 'login';
/** The column of the import that created (or last changed) a user: what a confirmed import's users are filtered on. */
export const IMPORT_NUMBER_COLUMN = 'importNumber';
/** The profile column: its cells hold the profile's name, shown in the reader's language. */
export const PROFILE_COLUMN = 'profile';
export const PASSWORD_COLUMN = 'password';
/** Combobox columns whose editor takes any text, the school's values being suggestions. */
const FREE_TEXT_COLUMNS: ReadonlySet<string> = new Set(['level', 'className', 'subject']);
/** Columns whose long texts show whole in a tooltip. */
const TOOLTIP_COLUMNS: ReadonlySet<string> = new Set(['comment', 'email', 'platforms']);

type FilterContext = DoesFilterPassParams<UsersGridRow, GridBridge>;

/** The grid's width of a column before the user resizes it. */
export function defaultWidthOf(definition: GridColumn): number {
  if (definition.cellType === 'checkbox') return 120;
  if (definition.key === 'comment' || definition.key === 'email') return 220;
  if (definition.filterType === 'date') return 160;
  if (definition.filterType === 'number') return 120;
  return 150;
}

/** Date filter: compares the calendar day of an ISO date cell with the filter's day (midnight). */
function compareDay(filterDay: Date, cellValue: CellValue): number {
  if (typeof cellValue !== 'string' || cellValue === '') return -1;
  const date = new Date(cellValue);
  if (Number.isNaN(date.getTime())) return -1;
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  return day === filterDay.getTime() ? 0 : day < filterDay.getTime() ? -1 : 1;
}

/** Sorts text cells in French order (the contract's `compareFrench`), empty cells first. */
export function compareTextCells(left: CellValue | undefined, right: CellValue | undefined): number {
  return compareFrench(left == null ? '' : String(left), right == null ? '' : String(right));
}

/** A text as the text filters compare it: without accents, in lower case. */
export function withoutAccents(text: string | null): string | null {
  return text === null ? null : text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function filterOf(definition: GridColumn, optionNames: readonly string[]): Partial<UsersColDef> {
  const key = definition.key;
  switch (definition.filterType) {
    // No debounce: filtering 5,000 rows takes a few milliseconds, so each keystroke shows its rows at once.
    // Accents and case aside: « helene » finds « Hélène », « eleve » the pupils (« Élève »).
    case 'text':
      return {
        filter: 'agTextColumnFilter',
        filterParams: { maxNumConditions: 1, debounceMs: 0, textFormatter: withoutAccents },
      };
    case 'number':
      return { filter: 'agNumberColumnFilter', filterParams: { maxNumConditions: 1, debounceMs: 0 } };
    case 'date':
      return { filter: 'agDateColumnFilter', filterParams: { maxNumConditions: 1, comparator: compareDay } };
    case 'boolean':
      return {
        filter: {
          component: BooleanFilter,
          doesFilterPass: ({ data, model }: FilterContext) =>
            !isBooleanFilterModel(model) || passesBooleanFilter(data[key], model),
        },
        floatingFilterComponent: BooleanFloatingFilter,
      };
    case 'set':
      return {
        filter: {
          component: OptionSetFilter,
          doesFilterPass: ({ data, model, handlerParams }: FilterContext) =>
            !isOptionFilterModel(model) || passesOptionFilter(handlerParams.context.current.optionsOf(data), model),
        },
        filterParams: { optionNames } satisfies OptionFilterParams,
        floatingFilterComponent: OptionSetFloatingFilter,
      };
    case 'none':
      return { filter: false, floatingFilter: false };
  }
}

/** A cell is edited only on the rows of users the caller may act on (the server refuses the others). */
const isRowEditable = ({ data, context }: EditableCallbackParams<UsersGridRow, CellValue, GridBridge>): boolean =>
  data !== undefined && context.current.canEditRow(data);

function editingOf(definition: GridColumn): Partial<UsersColDef> {
  const key = definition.key;
  const isEditable = definition.editable && definition.modificationKey !== null;
  if (definition.cellType === 'checkbox') {
    return { cellRenderer: CheckboxCellRenderer, cellRendererParams: { isEditable }, editable: false };
  }
  if (!isEditable) return { editable: false };
  if (definition.cellType === 'combobox') {
    return {
      editable: isRowEditable,
      cellEditor: ComboboxCellEditor,
      cellEditorParams: (params: ICellEditorParams<UsersGridRow, CellValue, GridBridge>): ComboboxEditorParams => ({
        getChoices: () => params.context.current.choicesOf(key),
        isFreeText: FREE_TEXT_COLUMNS.has(key),
        label: definition.label,
      }),
    };
  }
  return { editable: isRowEditable, cellEditor: 'agTextCellEditor' };
}

function createDateFormatter(language: string): (params: ValueFormatterParams<UsersGridRow, CellValue>) => string {
  return ({ value }) => {
    if (typeof value !== 'string' || value === '') return '';
    return formatDateTime(value, language);
  };
}

/**
 * The users grid's columns (spec 3 §2.1), one per definition of `GET /users/headers`, in the saved
 * layout's order with its visibility and widths: cells read by field (no renderer for plain text),
 * the filter the column's filterType names (a 0/1 choice for 'boolean', the option set for
 * 'set'), an editor only where the column is editable.
 */
export function buildColumnDefs(
  definitions: readonly GridColumn[],
  {
    columnState,
    optionNames,
    language,
    profileLabel = (name) => name,
  }: {
    columnState?: readonly StoredColumn[];
    optionNames: readonly string[];
    language: string;
    /** A profile's name in the reader's language: the cells show it and the filter reads it. */
    profileLabel?: (name: string) => string;
  },
): UsersColDef[] {
  const formatDate = createDateFormatter(language);
  return applyColumnLayout(definitions, columnState).map(({ definition, hide, width }) => {
    const key = definition.key;
    const base: UsersColDef = {
      colId: key,
      field: key,
      headerName: definition.label,
      headerTooltip: definition.label,
      // Initial only: a later rebuild (another language, the definitions fetched again) keeps the
      // visibility and widths the user set since, instead of bringing back the layout of page load.
      initialHide: hide,
      initialWidth: width ?? defaultWidthOf(definition),
      floatingFilter: definition.filterType !== 'none',
      ...filterOf(definition, optionNames),
      ...editingOf(definition),
    };
    if (definition.filterType === 'date') base.valueFormatter = formatDate;
    if (key === PROFILE_COLUMN) {
      base.valueFormatter = ({ value }) => (typeof value === 'string' ? profileLabel(value) : '');
      base.filterValueGetter = ({ data }) => (data && typeof data.profile === 'string' ? profileLabel(data.profile) : '');
    }
    if (definition.filterType === 'text' || definition.filterType === 'set') base.comparator = compareTextCells;
    if (TOOLTIP_COLUMNS.has(key) || users.parseColumnKey(key)?.kind === 'option') base.tooltip = true;
    if (key === PASSWORD_COLUMN)
      return { ...base, cellRenderer: PasswordCell, sortable: false, filter: false, floatingFilter: false, editable: false };
    return base;
  });
}
