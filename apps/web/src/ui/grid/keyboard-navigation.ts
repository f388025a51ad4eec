import type { CellPosition, HeaderPosition, TabToNextCellParams, TabToNextHeaderParams } from 'ag-grid-community';

/*
 * A grid is one Tab stop (issue 12, WCAG 2.1 AA and RGAA keyboard): Tab enters it on its first header,
 * arrows move between headers and cells inside, and the next Tab (Shift+Tab) leaves it. AG Grid's
 * default walks Tab through every header, floating filter and cell, about 45 stops on the users
 * grid before anything after it. Answering `false` to these callbacks makes AG Grid move focus to
 * its edge (its tab guards) and let the browser take the Tab on from there. The floating filters
 * and the select-all box are still reached as AG Grid reaches them: arrows to their header cell,
 * then Enter into a filter (Escape back) or Space on the select-all box.
 */

/** Tab on a header cell or a floating filter cell leaves the grid, forwards or backwards. */
export function tabOutOfGridFromHeader<Row>(_params: TabToNextHeaderParams<Row>): HeaderPosition | boolean {
  return false;
}

/**
 * Tab on a cell leaves the grid, forwards or backwards. While a cell is being edited, Tab keeps
 * AG Grid's spreadsheet behaviour (the edit is saved and the next editable cell opens), so that
 * editing a row stays a keyboard flow; at the grid's last editable cell it leaves the grid.
 */
export function tabOutOfGridFromCell<Row>({ editing, nextCellPosition }: TabToNextCellParams<Row>): CellPosition | boolean {
  return editing && nextCellPosition !== null ? nextCellPosition : false;
}
