import { describe, expect, it } from 'vitest';
import { isOptionFilterModel, passesBooleanFilter, passesOptionFilter, toOptionFilterModel } from './filter-models';

describe('the option set filter', () => {
  it.each([
    [['Latin', 'Grec'], ['Latin'], 'OR', true],
    [['Grec'], ['Latin', 'Grec'], 'OR', true],
    [[], ['Latin', 'Grec'], 'OR', false],
    [['Latin', 'Grec'], ['Latin', 'Grec'], 'AND', true],
    [['Latin'], ['Latin', 'Grec'], 'AND', false],
    [['Théâtre'], ['Latin'], 'AND', false],
  ] as const)('options %j, chosen %j with %s: %s', (options, values, operator, passes) => {
    expect(passesOptionFilter(options, { filterType: 'set', values: [...values], operator })).toBe(passes);
  });

  it('is no filter when nothing is chosen', () => {
    expect(toOptionFilterModel([], 'AND')).toBeNull();
    expect(toOptionFilterModel(['Latin'], 'AND')).toEqual({ filterType: 'set', values: ['Latin'], operator: 'AND' });
    expect(isOptionFilterModel({ filterType: 'set', values: ['Latin'], operator: 'XOR' })).toBe(false);
  });
});

describe('the 0/1 filter', () => {
  it('counts an empty cell as 0', () => {
    expect(passesBooleanFilter(null, { filterType: 'boolean', value: 0 })).toBe(true);
    expect(passesBooleanFilter(1, { filterType: 'boolean', value: 0 })).toBe(false);
    expect(passesBooleanFilter(1, { filterType: 'boolean', value: 1 })).toBe(true);
  });
});
