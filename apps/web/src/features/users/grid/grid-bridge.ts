import type { ComboboxChoice } from './edits/ComboboxCellEditor';
import type { UsersGridRow } from './grid-rows';

/** What the cells ask of the grid's component; set again on each render of the component. */
export type GridBridgeHandlers = {
  /** The user's option names (every option column), for Option1's set filter. */
  optionsOf: (row: UsersGridRow) => readonly string[];
  /** What a combobox cell's editor offers, read when editing starts. */
  choicesOf: (colId: string) => ComboboxChoice[];
  /** Whether the caller may act on a row's user: the profile rule the server applies (spec 3 §6). */
  canEditRow: (row: UsersGridRow) => boolean;
  /** A checkbox cell changed: Mode admin or an application. */
  toggle: (row: UsersGridRow, colId: string, isChecked: boolean) => void;
  /** The accessible name of a checkbox cell. */
  toggleLabelOf: (column: string, row: UsersGridRow) => string;
  /** The revealed password of a user: undefined when hidden, null when it cannot be shown. */
  passwordOf: (id: number) => string | null | undefined;
  revealPassword: (row: UsersGridRow) => void;
  passwordLabels: { hidden: string; unavailable: string; reveal: (login: string) => string };
};

/**
 * The grid's `context`: one stable object for the grid's life (AG Grid keeps it), forwarding to
 * the latest handlers of the React component, so that column definitions never rebuild for them.
 */
export class GridBridge {
  private handlers: GridBridgeHandlers | null = null;

  setHandlers(handlers: GridBridgeHandlers): void {
    this.handlers = handlers;
  }

  get current(): GridBridgeHandlers {
    if (!this.handlers) throw new Error('The users grid bridge is used before its component rendered.');
    return this.handlers;
  }
}
