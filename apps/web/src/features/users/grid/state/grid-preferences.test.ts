import { afterEach, describe, expect, it } from 'vitest';
import { USERS_GRID_PREFERENCES_KEY } from '#features/preferences/components/GridPreferencesPanel';
import { clearGridFilters } from '#features/schools/grid-filters';
import {
  defaultFilterModel,
  initialFilterModel,
  readGridPreferences,
  toSavedPreferences,
  writeGridPreferences,
} from './grid-preferences';
import { buildGridColumns } from '../test-fixtures';

const definitions = buildGridColumns();
const defaultColumns = definitions.map((definition) => ({ colId: definition.key, hide: !definition.visible }));

afterEach(() => window.localStorage.clear());

describe('grid preferences', () => {
  it('start with Désactivé = 0 when no filter is saved', () => {
    expect(defaultFilterModel(definitions)).toEqual({ disabled: { filterType: 'boolean', value: 0 } });
    expect(initialFilterModel({}, definitions)).toEqual({ disabled: { filterType: 'boolean', value: 0 } });
    expect(initialFilterModel({ filterModel: {} }, definitions)).toEqual({});
  });

  it('are saved and read back: order, visibility, widths and filters', () => {
    const columnState = [
      { colId: 'login', hide: false, width: 240 },
      ...defaultColumns.filter((column) => column.colId !== 'login'),
    ];
    const filterModel = { option1: { filterType: 'set', values: ['Latin'], operator: 'AND' } };

    writeGridPreferences(toSavedPreferences(columnState, filterModel, definitions));

    expect(readGridPreferences()).toEqual({ columnState, filterModel });
  });

  it('remove the key for the default layout, so that a reset stays a reset', () => {
    window.localStorage.setItem(USERS_GRID_PREFERENCES_KEY, '{"columnState":[]}');

    writeGridPreferences(toSavedPreferences(defaultColumns, defaultFilterModel(definitions), definitions));

    expect(window.localStorage.getItem(USERS_GRID_PREFERENCES_KEY)).toBeNull();
  });

  it('lose their filters, and only them, when the school changes', () => {
    const columnState = defaultColumns.map((column) => (column.colId === 'comment' ? { ...column, hide: true } : column));
    writeGridPreferences(
      toSavedPreferences(columnState, { login: { filterType: 'text', type: 'equals', filter: 'aarnaud' } }, definitions),
    );

    clearGridFilters();

    const preferences = readGridPreferences();
    expect(preferences).toEqual({ columnState });
    expect(initialFilterModel(preferences, definitions)).toEqual({ disabled: { filterType: 'boolean', value: 0 } });
  });

  it.each([['not json {'], ['[1]'], ['{"columnState":[{"colId":1}],"filterModel":[]}']])(
    'read nothing usable from %s',
    (stored) => {
      window.localStorage.setItem(USERS_GRID_PREFERENCES_KEY, stored);
      expect(readGridPreferences()).toEqual({});
    },
  );
});
