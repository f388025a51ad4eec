import type { CellValue } from '@console/contract';
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { GridBridge } from './grid-bridge';
import type { UsersGridRow } from './grid-rows';

export type CheckboxCellParams = ICellRendererParams<UsersGridRow, CellValue, GridBridge> & { isEditable: boolean };

/**
 * A 0/1 cell as a checkbox (Mode admin, applications, Désactivé...), without React: these columns
 * are many and a plain element renders a screen of them at once. A change is handed to the grid's
 * component, which saves it or puts the checkbox back.
 */
export class CheckboxCellRenderer implements ICellRendererComp<UsersGridRow> {
  private readonly input = document.createElement('input');
  private params: CheckboxCellParams | null = null;

  private readonly handleChange = () => {
    const params = this.params;
    if (!params?.data) return;
    params.context.current.toggle(params.data, params.column?.getColId() ?? '', this.input.checked);
  };

  init(params: CheckboxCellParams): void {
    this.input.type = 'checkbox';
    this.input.className = 'users-grid-checkbox';
    this.input.addEventListener('change', this.handleChange);
    this.update(params);
  }

  getGui(): HTMLElement {
    return this.input;
  }

  refresh(params: CheckboxCellParams): boolean {
    this.update(params);
    return true;
  }

  destroy(): void {
    this.input.removeEventListener('change', this.handleChange);
  }

  private update(params: CheckboxCellParams): void {
    this.params = params;
    this.input.checked = params.value === 1;
    this.input.disabled = !params.isEditable || !params.data || !params.context.current.canEditRow(params.data);
    if (params.data)
      this.input.setAttribute('aria-label', params.context.current.toggleLabelOf(params.colDef?.headerName ?? '', params.data));
  }
}
