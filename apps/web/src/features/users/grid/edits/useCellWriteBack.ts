import { REQUIRED, type CellValue, type GridColumn } from '@console/contract';
import { notifications } from '@mantine/notifications';
import type { GridApi } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { UsersGridRow } from '../grid-rows';

const SAVED_TOAST_ID = 'users-grid-saved';
const SAVED_TOAST_MS = 3000;

/**
 * What an edit writes back into the grid's rows, which hold what the cells show (unsaved values
 * included) until the server's row replaces them: a value put back or cleaned, a refused edit's
 * editor opened again, and the toasts that say it.
 */
export function useCellWriteBack(api: GridApi<UsersGridRow> | null, definitionsByKey: ReadonlyMap<string, GridColumn>) {
  const { t } = useTranslation();
  const columnName = (colId: string) => definitionsByKey.get(colId)?.label ?? colId;

  /** Sets a cell's value and redraws it: a refused edit put back, a cleaned name shown. */
  const setCell = (row: UsersGridRow, colId: string, value: CellValue) => {
    row[colId] = value;
    const node = api?.getRowNode(String(row.id));
    if (node) api?.refreshCells({ rowNodes: [node], columns: [colId], force: true });
  };

  /**
   * Opens a cell's editor again. A refusal is known inside AG Grid's own `onCellValueChanged`, before
   * the grid has wholly ended that edit, so the editor opens on the next task (`setTimeout(0)`);
   * the row is found by id again (a sort may have moved it), and nothing happens once the grid is gone.
   */
  const restartEditing = (row: UsersGridRow, colId: string) =>
    setTimeout(() => {
      const rowIndex = api?.getRowNode(String(row.id))?.rowIndex;
      if (api && !api.isDestroyed() && rowIndex !== null && rowIndex !== undefined)
        api.startEditingCell({ rowIndex, colKey: colId });
    }, 0);

  const warn = (message: string, color: 'red' | 'yellow' = 'red', title?: string) =>
    notifications.show({ color, title, message });

  /** A refused edit: the warning (a blank required value in yellow), the cell as it was, and its editor again. */
  const refuseEdit = (row: UsersGridRow, colId: string, previous: CellValue, message: string) => {
    setCell(row, colId, previous);
    warn(t(message), message === REQUIRED ? 'yellow' : 'red', columnName(colId));
    restartEditing(row, colId);
  };

  /** A saved edit is confirmed by one short toast, the latest edit's (a run of edits does not stack them). */
  const confirmSaved = (row: UsersGridRow, colId: string) => {
    notifications.hide(SAVED_TOAST_ID);
    notifications.show({
      id: SAVED_TOAST_ID,
      color: 'teal',
      autoClose: SAVED_TOAST_MS,
      message: t('users.grid.saved', { column: columnName(colId), login: row.login }),
    });
  };

  return { setCell, refuseEdit, warn, confirmSaved };
}
