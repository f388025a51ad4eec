import { USERS_GRID_PREFERENCES_KEY } from '#features/preferences/components/GridPreferencesPanel';

/**
 * Clears the users grid's filters when another school becomes active (spec 1 §4 "School
 * loading"): removes the `filterModel` field of the stored grid preferences and keeps the rest
 * (column order and visibility); removes the whole key when it cannot be read as an object.
 * Never throws (private browsing may refuse storage).
 */
export function clearGridFilters(storage: Storage = window.localStorage): void {
  try {
    const stored = storage.getItem(USERS_GRID_PREFERENCES_KEY);
    if (stored === null) return;
    const preferences: unknown = parseJson(stored);
    if (typeof preferences !== 'object' || preferences === null || Array.isArray(preferences)) {
      storage.removeItem(USERS_GRID_PREFERENCES_KEY);
      return;
    }
    if (!('filterModel' in preferences)) return;
    const { filterModel: _filterModel, ...rest } = preferences as Record<string, unknown>;
    storage.setItem(USERS_GRID_PREFERENCES_KEY, JSON.stringify(rest));
  } catch {
    // Storage refused: there are no stored filters to clear.
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
