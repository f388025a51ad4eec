import type { CellPosition, Column, HeaderPosition, TabToNextCellParams, TabToNextHeaderParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { tabOutOfGridFromCell, tabOutOfGridFromHeader } from './keyboard-navigation';

const login = { getColId: () => 'login' } as Column;
const level = { getColId: () => 'level' } as Column;
const cell = (rowIndex: number, column: Column): CellPosition => ({ rowIndex, column, rowPinned: null });
const header = (headerRowIndex: number, column: Column): HeaderPosition => ({ headerRowIndex, column });

// Only the fields the grid computes for the callback: the decision reads nothing else.
const headerParams = (fields: Pick<TabToNextHeaderParams, 'backwards' | 'previousHeaderPosition' | 'nextHeaderPosition'>) =>
  ({ ...fields, headerRowCount: 2 }) as TabToNextHeaderParams;
const cellParams = (fields: Pick<TabToNextCellParams, 'backwards' | 'editing' | 'previousCellPosition' | 'nextCellPosition'>) =>
  fields as TabToNextCellParams;

describe('Tab on a header', () => {
  it.each([
    ['forwards to the next column header', false, header(0, level)],
    ['backwards to the previous column header', true, header(0, login)],
    ['forwards from the last header to the filter row', false, header(1, login)],
    ['past the last header', false, null],
  ])('leaves the grid instead of going %s', (_case, backwards, nextHeaderPosition) => {
    expect(
      tabOutOfGridFromHeader(headerParams({ backwards, previousHeaderPosition: header(0, login), nextHeaderPosition })),
    ).toBe(false);
  });
});

describe('Tab on a cell', () => {
  it.each([
    ['forwards to the next cell', false, cell(0, level)],
    ['backwards to the previous cell', true, cell(0, login)],
    ['forwards from the last cell of a row to the next row', false, cell(1, login)],
    ['past the last cell', false, null],
  ])('leaves the grid instead of going %s', (_case, backwards, nextCellPosition) => {
    expect(
      tabOutOfGridFromCell(cellParams({ backwards, editing: false, previousCellPosition: cell(0, login), nextCellPosition })),
    ).toBe(false);
  });

  it.each([
    ['forwards', false, cell(0, level)],
    ['backwards', true, cell(0, login)],
  ])('while editing, moves %s to the cell AG Grid picks (which it opens for editing)', (_case, backwards, nextCellPosition) => {
    expect(
      tabOutOfGridFromCell(cellParams({ backwards, editing: true, previousCellPosition: cell(0, level), nextCellPosition })),
    ).toBe(nextCellPosition);
  });

  it('while editing the last editable cell, leaves the grid', () => {
    expect(
      tabOutOfGridFromCell(
        cellParams({ backwards: false, editing: true, previousCellPosition: cell(3, level), nextCellPosition: null }),
      ),
    ).toBe(false);
  });
});
