import { describe, expect, it } from 'vitest';
import { gridStateOfQuery, queryOfGridState, type GridAddressState } from './grid-address';
import { buildGridColumns } from '../test-fixtures';

const COLUMNS = buildGridColumns({ withPassword: true });

const CASES: [string, GridAddressState, string][] = [
  [
    'a text contains, a 0/1 choice and a sort',
    {
      filterModel: {
        lastname: { filterType: 'text', type: 'contains', filter: 'bern' },
        disabled: { filterType: 'boolean', value: 0 },
      },
      sortModel: [{ colId: 'lastname', sort: 'asc' }],
    },
    'lastname=bern&disabled=0&sort=lastname',
  ],
  [
    'another text test, a number range and a descending sort',
    {
      filterModel: {
        id: { filterType: 'number', type: 'inRange', filter: 3, filterTo: 9 },
        login: { filterType: 'text', type: 'startsWith', filter: 'lea.' },
      },
      sortModel: [
        { colId: 'className', sort: 'asc' },
        { colId: 'disabledAt', sort: 'desc' },
      ],
    },
    'id.inRange=3..9&login.startsWith=lea.&sort=className%2C-disabledAt',
  ],
  [
    'a day, an empty cell and all of two options',
    {
      filterModel: {
        disabledAt: { filterType: 'date', type: 'greaterThan', dateFrom: '2026-09-01 00:00:00', dateTo: null },
        email: { filterType: 'text', type: 'blank' },
        option1: { filterType: 'set', values: ['Latin', 'Grec ancien'], operator: 'AND' },
      },
      sortModel: [],
    },
    'disabledAt.greaterThan=2026-09-01&email.blank=&option1.all=Latin&option1.all=Grec+ancien',
  ],
  [
    "an application's access and its code",
    {
      filterModel: {
        'application:2': { filterType: 'boolean', value: 1 },
        'code:2': { filterType: 'text', type: 'equals', filter: 'K-12' },
      },
      sortModel: [],
    },
    'application%3A2=1&code%3A2.equals=K-12',
  ],
  ['no filter at all', { filterModel: {}, sortModel: [] }, 'filters=none'],
];

describe("the users grid's state in the address", () => {
  it.each(CASES)('writes %s shortly, and reads it back', (_name, state, query) => {
    expect(queryOfGridState(state, COLUMNS)).toBe(query);
    expect(gridStateOfQuery(query, COLUMNS)).toEqual(state);
  });

  it('says nothing of the grid for a query without grid parameters, so the saved filters apply', () => {
    expect(gridStateOfQuery('', COLUMNS)).toBeNull();
    expect(gridStateOfQuery('utm_source=mail', COLUMNS)).toBeNull();
  });

  it('leaves out what names no filterable column or does not read as its type', () => {
    const state = gridStateOfQuery(
      'nowhere=1&option2=Latin&password=x&id=abc&disabled=2&disabledAt=yesterday&lastname.between=a&login=lea&sort=nowhere,-login',
      COLUMNS,
    );
    expect(state).toEqual({
      filterModel: { login: { filterType: 'text', type: 'contains', filter: 'lea' } },
      sortModel: [{ colId: 'login', sort: 'desc' }],
    });
  });

  it('reads a column filtered on something it cannot read as a grid without that filter, not as the saved filters', () => {
    expect(gridStateOfQuery('disabled=maybe', COLUMNS)).toEqual({ filterModel: {}, sortModel: [] });
  });
});
