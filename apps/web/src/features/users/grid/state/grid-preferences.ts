import type { GridColumn } from '@console/contract';
import { USERS_GRID_PREFERENCES_KEY } from '#features/preferences/components/GridPreferencesPanel';
import type { BooleanFilterModel } from '../filters/filter-models';

/** A column as the layout keeps it, in the grid's order; the width only when the user changed it. */
export type StoredColumn = { colId: string; hide: boolean; width?: number };

/**
 * The users grid's saved layout (spec 1 §5): column order, visibility and widths, and the filters
 * (with Option1's AND/OR choice inside its model). The school picker's `clearGridFilters` removes
 * `filterModel` when another school becomes active.
 */
export type GridPreferences = { columnState?: StoredColumn[]; filterModel?: Record<string, unknown> };

const DISABLED_COLUMN = 'disabled';

function isStoredColumn(value: unknown): value is StoredColumn {
  const column = value as Partial<StoredColumn> | null;
  return (
    typeof column === 'object' &&
    column !== null &&
    typeof column.colId === 'string' &&
    typeof column.hide === 'boolean' &&
    (column.width === undefined || (typeof column.width === 'number' && column.width > 0))
  );
}

/** The saved layout, or nothing for what cannot be read (another format, storage refused). */
export function readGridPreferences(storage: Storage = window.localStorage): GridPreferences {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(USERS_GRID_PREFERENCES_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const { columnState, filterModel } = parsed as Record<string, unknown>;
    const preferences: GridPreferences = {};
    if (Array.isArray(columnState) && columnState.every(isStoredColumn)) preferences.columnState = columnState;
    if (typeof filterModel === 'object' && filterModel !== null && !Array.isArray(filterModel))
      preferences.filterModel = filterModel as Record<string, unknown>;
    return preferences;
  } catch {
    return {};
  }
}

/** Saves the layout; removes the key when it is the default one (nothing to restore). Never throws. */
export function writeGridPreferences(preferences: GridPreferences | null, storage: Storage = window.localStorage): void {
  try {
    if (preferences === null) storage.removeItem(USERS_GRID_PREFERENCES_KEY);
    else storage.setItem(USERS_GRID_PREFERENCES_KEY, JSON.stringify(preferences));
  } catch {
    // Private browsing may refuse storage: the layout then lasts for this page only.
  }
}

/** Without saved filters, only active users show (spec 3 §2.1: Désactivé = 0). */
export function defaultFilterModel(definitions: readonly GridColumn[]): Record<string, unknown> {
  const disabled = definitions.find((definition) => definition.key === DISABLED_COLUMN);
  if (!disabled || disabled.filterType === 'none') return {};
  if (disabled.filterType === 'boolean')
    return { [DISABLED_COLUMN]: { filterType: 'boolean', value: 0 } satisfies BooleanFilterModel };
  return { [DISABLED_COLUMN]: { filterType: 'number', type: 'equals', filter: 0 } };
}

/** The filters to start with: the saved ones, the default ones when none are saved. */
export function initialFilterModel(preferences: GridPreferences, definitions: readonly GridColumn[]): Record<string, unknown> {
  return preferences.filterModel ?? defaultFilterModel(definitions);
}

/** The default columns: the definitions' order and visibility, no width changed. */
export function defaultColumnState(definitions: readonly GridColumn[]): StoredColumn[] {
  return definitions.map((definition) => ({ colId: definition.key, hide: !definition.visible }));
}

/**
 * The definitions in the saved order (columns the layout does not know keep their place after
 * the known ones), each with its saved visibility and width.
 */
export function applyColumnLayout(
  definitions: readonly GridColumn[],
  columnState: readonly StoredColumn[] | undefined,
): { definition: GridColumn; hide: boolean; width?: number }[] {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const stored = (columnState ?? []).filter((column) => byKey.has(column.colId));
  const storedKeys = new Set(stored.map((column) => column.colId));
  return [
    ...stored.map((column) => ({ definition: byKey.get(column.colId)!, hide: column.hide, width: column.width })),
    ...definitions
      .filter((definition) => !storedKeys.has(definition.key))
      .map((definition) => ({ definition, hide: !definition.visible })),
  ];
}

function isSameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/** What to save for a layout: null when it is the default one, so that a reset stays a reset. */
export function toSavedPreferences(
  columnState: StoredColumn[],
  filterModel: Record<string, unknown>,
  definitions: readonly GridColumn[],
): GridPreferences | null {
  const isDefault =
    isSameJson(columnState, defaultColumnState(definitions)) && isSameJson(filterModel, defaultFilterModel(definitions));
  return isDefault ? null : { columnState, filterModel };
}
