import type { GridApi, IRowNode } from 'ag-grid-community';

/**
 * Unselects the selected rows that the grid no longer shows: rows a filter or a quick search hid,
 * or that a reload made fall out of the filters. An action on a grid's selection then reaches
 * exactly the selected rows the user sees, and the counts of the status line, the menus and the
 * dialogs agree. Called on each model update (after every filter, sort or change of rows); answers
 * how many rows it unselected.
 */
export function deselectHiddenRows<Row>(api: GridApi<Row>): number {
  if (api.isDestroyed()) return 0;
  const selected = api.getSelectedNodes();
  if (selected.length === 0) return 0;
  // The displayed rows of a flat grid are the rows the filters keep (a core API: no module to register).
  const shown = new Set<IRowNode<Row>>();
  for (let index = 0, count = api.getDisplayedRowCount(); index < count; index += 1) {
    const node = api.getDisplayedRowAtIndex(index);
    if (node) shown.add(node);
  }
  const hidden = selected.filter((node) => !shown.has(node));
  if (hidden.length > 0) api.setNodesSelected({ nodes: hidden, newValue: false, source: 'api' });
  return hidden.length;
}
