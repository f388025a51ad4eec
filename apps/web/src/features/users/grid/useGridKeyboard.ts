import type { GridColumn } from '@console/contract';
import type { CellClickedEvent, CellKeyDownEvent } from 'ag-grid-community';
import { LOGIN_COLUMN, PASSWORD_COLUMN } from './grid-columns';
import type { UsersGridRow } from './grid-rows';

type GridKeyboardInput = {
  definitionsByKey: ReadonlyMap<string, GridColumn>;
  onOpenUser: (id: number) => void;
  /** Whether a row's password is shown already, and showing it. */
  passwords: { passwordOf: (id: number) => string | null | undefined; reveal: (ids: number[]) => Promise<unknown> };
  toggle: (row: UsersGridRow, colId: string, isChecked: boolean) => void;
};

/**
 * What a click and the Enter key do on a cell: a Login cell opens the user's page; Enter on a
 * Password cell reveals its password, as its eye button does (a keyboard user reaches the cell,
 * not the button in it); Enter toggles an editable checkbox cell, as a click does.
 */
export function useGridKeyboard({ definitionsByKey, onOpenUser, passwords, toggle }: GridKeyboardInput) {
  const handleCellClicked = (event: CellClickedEvent<UsersGridRow>) => {
    if (event.column.getColId() === LOGIN_COLUMN && event.data) onOpenUser(event.data.id);
  };
  const handleCellKeyDown = (event: CellKeyDownEvent<UsersGridRow>) => {
    const key = (event.event as KeyboardEvent | null)?.key;
    const colId = event.column.getColId();
    if (key !== 'Enter' || !event.data) return;
    if (colId === LOGIN_COLUMN) onOpenUser(event.data.id);
    // Not from the eye button itself, which reveals it already.
    const isOnCell = (event.event?.target as Element | null)?.classList.contains('ag-cell') ?? false;
    if (colId === PASSWORD_COLUMN && isOnCell && passwords.passwordOf(event.data.id) === undefined) {
      void passwords.reveal([event.data.id]);
    }
    const definition = definitionsByKey.get(colId);
    if (definition?.cellType === 'checkbox' && definition.editable && definition.modificationKey) {
      toggle(event.data, colId, event.data[colId] !== 1);
      event.api.refreshCells({ rowNodes: [event.node], columns: [colId], force: true });
    }
  };
  return { handleCellClicked, handleCellKeyDown };
}
