import { afterEach, describe, expect, it } from 'vitest';
import { clearGridFilters } from './grid-filters';

const KEY = 'users-grid-preferences';

afterEach(() => {
  window.localStorage.clear();
});

describe('clearGridFilters', () => {
  it('removes the filters and keeps the column preferences', () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify({ columnState: [{ colId: 'login', hide: true }], filterModel: { disabled: { filter: 0 } } }),
    );

    clearGridFilters();

    expect(JSON.parse(window.localStorage.getItem(KEY)!)).toEqual({ columnState: [{ colId: 'login', hide: true }] });
  });

  it('leaves preferences without filters as they are', () => {
    window.localStorage.setItem(KEY, '{"columnState":[]}');

    clearGridFilters();

    expect(window.localStorage.getItem(KEY)).toBe('{"columnState":[]}');
  });

  it.each([['not json {'], ['[1,2]'], ['"text"'], ['null']])('removes the key when it holds %s', (stored) => {
    window.localStorage.setItem(KEY, stored);

    clearGridFilters();

    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('does nothing without stored preferences, and leaves other keys alone', () => {
    window.localStorage.setItem('console.language', 'en');

    clearGridFilters();

    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(window.localStorage.getItem('console.language')).toBe('en');
  });
});
