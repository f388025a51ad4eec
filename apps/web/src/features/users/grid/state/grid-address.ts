import type { GridColumn } from '@console/contract';
import {
  isBooleanFilterModel,
  isOptionFilterModel,
  OPTION_OPERATORS,
  type BooleanFilterModel,
  type OptionFilterModel,
} from '../filters/filter-models';

/**
 * The users grid's filters and sort in the address's query, short and readable, so that a
 * filtered list can be sent (docs/design.md, "Addresses"):
 * `?lastname=bern&level=6e&disabled=0&option1=Latin&option1=Grec&sort=lastname,-createdOn`.
 *
 * - a filter is `column=value`, its usual test implied (contains for text, equals for a number or a
 *   date); another test follows the column after a dot: `login.startsWith=lea`,
 *   `importNumber.inRange=3..9`, `email.blank=`;
 * - a date is its day (`createdOn.greaterThan=2026-09-01`);
 * - a 0/1 column is `disabled=0`; the options are repeated, any of them by default,
 *   `option1.all=…` for all of them;
 * - `sort` lists the sorted columns in order, `-` before a descending one;
 * - `filters=none` says that no filter applies, where no grid parameter at all means "the user's
 *   saved filters" (spec 1 §5).
 *
 * What names no filterable column, or does not read as its type, is left out.
 */
export type GridAddressState = { filterModel: Record<string, unknown>; sortModel: GridSort[] };
export type GridSort = { colId: string; sort: 'asc' | 'desc' };

const SORT = 'sort';
const FILTERS = 'filters';
const NO_FILTERS = 'none';
const RANGE = '..';
const ALL_OPTIONS = 'all';

const TEXT_TESTS = ['contains', 'notContains', 'equals', 'notEqual', 'startsWith', 'endsWith', 'blank', 'notBlank'];
const NUMBER_TESTS = [
  'equals',
  'notEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'lessThan',
  'lessThanOrEqual',
  'inRange',
  'blank',
  'notBlank',
];
const DATE_TESTS = ['equals', 'notEqual', 'greaterThan', 'lessThan', 'inRange', 'blank', 'notBlank'];
const VALUELESS_TESTS = new Set(['blank', 'notBlank']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** AG Grid's text, number and date filter models, one condition each (`maxNumConditions: 1`). */
type ConditionModel = {
  filterType: string;
  type: string;
  filter?: string | number;
  filterTo?: number;
  dateFrom?: string | null;
  dateTo?: string | null;
};

function testsOf(filterType: GridColumn['filterType']): string[] {
  if (filterType === 'text') return TEXT_TESTS;
  if (filterType === 'number') return NUMBER_TESTS;
  if (filterType === 'date') return DATE_TESTS;
  return [];
}

function defaultTestOf(filterType: GridColumn['filterType']): string {
  return filterType === 'text' ? 'contains' : 'equals';
}

/** The query's parameters for a filter of one column, or none when the model is not one this grid writes. */
function paramsOfFilter(column: GridColumn, model: unknown): [string, string][] {
  const key = column.key;
  if (column.filterType === 'boolean') return isBooleanFilterModel(model) ? [[key, String(model.value)]] : [];
  if (column.filterType === 'set') {
    if (!isOptionFilterModel(model)) return [];
    const name = model.operator === 'AND' ? `${key}.${ALL_OPTIONS}` : key;
    return model.values.map((value) => [name, value]);
  }
  const condition = model as Partial<ConditionModel> | null;
  if (!condition || condition.filterType !== column.filterType || typeof condition.type !== 'string') return [];
  const type = condition.type;
  if (!testsOf(column.filterType).includes(type)) return [];
  const name = type === defaultTestOf(column.filterType) ? key : `${key}.${type}`;
  if (VALUELESS_TESTS.has(type)) return [[name, '']];
  let value: string;
  if (column.filterType === 'date') {
    const from = condition.dateFrom?.slice(0, 10);
    const to = condition.dateTo?.slice(0, 10);
    if (!from) return [];
    value = type === 'inRange' ? `${from}${RANGE}${to ?? ''}` : from;
  } else if (column.filterType === 'number') {
    if (typeof condition.filter !== 'number') return [];
    value = type === 'inRange' ? `${condition.filter}${RANGE}${condition.filterTo ?? ''}` : String(condition.filter);
  } else {
    if (typeof condition.filter !== 'string') return [];
    value = condition.filter;
  }
  return [[name, value]];
}

/** The query for the grid's filters and sort, its parameters in the columns' order. */
export function queryOfGridState(state: GridAddressState, definitions: readonly GridColumn[]): string {
  const params = new URLSearchParams();
  for (const column of definitions) {
    const model = state.filterModel[column.key];
    if (model !== undefined) for (const [name, value] of paramsOfFilter(column, model)) params.append(name, value);
  }
  const hasFilter = [...params.keys()].length > 0;
  if (!hasFilter) params.set(FILTERS, NO_FILTERS);
  const known = new Set(definitions.map((column) => column.key));
  const sorts = state.sortModel.filter((sort) => known.has(sort.colId));
  if (sorts.length > 0) params.set(SORT, sorts.map((sort) => (sort.sort === 'desc' ? `-${sort.colId}` : sort.colId)).join(','));
  return params.toString();
}

/** A filter's model from one column's parameters, or undefined when they do not read as one. */
function filterOfParams(column: GridColumn, test: string | null, values: string[]): unknown {
  const first = values[0] ?? '';
  if (column.filterType === 'boolean') {
    if (test !== null || (first !== '0' && first !== '1')) return undefined;
    return { filterType: 'boolean', value: first === '1' ? 1 : 0 } satisfies BooleanFilterModel;
  }
  if (column.filterType === 'set') {
    if (test !== null && test !== ALL_OPTIONS) return undefined;
    const names = values.filter(Boolean);
    if (names.length === 0) return undefined;
    return {
      filterType: 'set',
      values: names,
      operator: test === ALL_OPTIONS ? OPTION_OPERATORS[1] : OPTION_OPERATORS[0],
    } satisfies OptionFilterModel;
  }
  const type = test ?? defaultTestOf(column.filterType);
  if (!testsOf(column.filterType).includes(type)) return undefined;
  if (VALUELESS_TESTS.has(type)) return { filterType: column.filterType, type };
  const [from = '', to] = type === 'inRange' ? first.split(RANGE) : [first];
  if (column.filterType === 'text') return first === '' ? undefined : { filterType: 'text', type, filter: first };
  if (column.filterType === 'number') {
    const number = Number(from);
    const numberTo = to === undefined || to === '' ? undefined : Number(to);
    if (from.trim() === '' || !Number.isFinite(number) || (numberTo !== undefined && !Number.isFinite(numberTo)))
      return undefined;
    return { filterType: 'number', type, filter: number, ...(numberTo !== undefined && { filterTo: numberTo }) };
  }
  if (!DAY.test(from) || (to !== undefined && to !== '' && !DAY.test(to))) return undefined;
  return { filterType: 'date', type, dateFrom: `${from} 00:00:00`, dateTo: to ? `${to} 00:00:00` : null };
}

/**
 * The grid's filters and sort a query names, against the grid's columns; null when the query says
 * nothing of the grid (no filter, no `filters`, no `sort`), which leaves the user's saved filters.
 */
export function gridStateOfQuery(query: string, definitions: readonly GridColumn[]): GridAddressState | null {
  const params = new URLSearchParams(query);
  const byKey = new Map(definitions.map((column) => [column.key, column]));
  const filterModel: Record<string, unknown> = {};
  let saysSomething = params.get(FILTERS) === NO_FILTERS;
  for (const name of new Set(params.keys())) {
    if (name === SORT || name === FILTERS) continue;
    const dot = name.indexOf('.');
    const key = dot === -1 ? name : name.slice(0, dot);
    const test = dot === -1 ? null : name.slice(dot + 1);
    const column = byKey.get(key);
    if (!column || column.filterType === 'none' || column.key === 'password') continue;
    saysSomething = true;
    const model = filterOfParams(column, test, params.getAll(name));
    if (model !== undefined) filterModel[key] = model;
  }
  const sortModel: GridSort[] = (params.get(SORT) ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry): GridSort => (entry.startsWith('-') ? { colId: entry.slice(1), sort: 'desc' } : { colId: entry, sort: 'asc' }))
    .filter((sort) => byKey.has(sort.colId));
  if (params.has(SORT)) saysSomething = true;
  return saysSomething ? { filterModel, sortModel } : null;
}
