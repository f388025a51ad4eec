import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ClientSideRowModelModule,
  ColumnApiModule,
  RowSelectionModule,
  TextEditorModule,
  TextFilterModule,
  type ColDef,
  type GridApi,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { renderWithProviders } from '#test/render';
import { GridSkipLinks } from './GridSkipLinks';
import { tabOutOfGridFromCell, tabOutOfGridFromHeader } from './keyboard-navigation';

type Row = { login: string; level: string; comment: string };

const ROWS: Row[] = [
  { login: 'aarnaud', level: '6e', comment: 'Délégué' },
  { login: 'bbernard', level: '5e', comment: '' },
];
// As the console's grids have them: a selection column with the select-all box, floating filters, editable cells.
const COLUMNS: ColDef<Row>[] = [
  { field: 'login', headerName: 'Login', filter: 'agTextColumnFilter', floatingFilter: true },
  { field: 'level', headerName: 'Niveau', filter: 'agTextColumnFilter', floatingFilter: true, editable: true },
  { field: 'comment', headerName: 'Commentaire', editable: true },
];
const MODULES = [ClientSideRowModelModule, ColumnApiModule, RowSelectionModule, TextFilterModule, TextEditorModule];
const ROW_SELECTION = { mode: 'multiRow', checkboxes: true, headerCheckbox: true } as const;

/** A small grid with the console's keyboard callbacks and skip links, between a button before it and one after it. */
function KeyboardGridPage() {
  const [api, setApi] = useState<GridApi<Row> | null>(null);
  return (
    <>
      <button type="button">Avant</button>
      <GridSkipLinks api={api} name="utilisateurs">
        <div style={{ height: 300 }}>
          <AgGridReact<Row>
            modules={MODULES}
            rowData={ROWS}
            columnDefs={COLUMNS}
            rowSelection={ROW_SELECTION}
            tabToNextHeader={tabOutOfGridFromHeader}
            tabToNextCell={tabOutOfGridFromCell}
            onGridReady={(event) => setApi(event.api)}
          />
        </div>
      </GridSkipLinks>
      <button type="button">Après</button>
    </>
  );
}

/** Renders the page once the grid shows its rows; answers a user-event session. */
export async function renderKeyboardGridPage(i18n: I18n) {
  renderWithProviders(<KeyboardGridPage />, { i18n });
  await screen.findByText('aarnaud');
  return userEvent.setup();
}

/** The focused element as a short description: `header login`, `filter level`, `cell 0 comment`, `editor 0 comment`, or its text. */
export function describeFocus(): string {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement)) return 'nothing';
  const cell = focused.closest<HTMLElement>('[col-id]');
  if (cell?.classList.contains('ag-floating-filter')) return `filter ${cell.getAttribute('col-id')}`;
  if (cell?.classList.contains('ag-header-cell')) return `header ${cell.getAttribute('col-id')}`;
  if (cell?.getAttribute('role') === 'gridcell') {
    const row = cell.closest('[row-index]')?.getAttribute('row-index');
    return `${focused === cell ? 'cell' : 'editor'} ${row} ${cell.getAttribute('col-id')}`;
  }
  return focused.textContent?.trim() || focused.tagName;
}

export const SELECTION_COLUMN = 'ag-Grid-SelectionColumn';
