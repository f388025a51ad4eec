// A bare AG Grid page: the same users answer and column definitions as the users view, rendered
// with nothing around them (no React, no app). The benchmark compares the users view with it.
import { AllCommunityModule, createGrid, ModuleRegistry, themeQuartz, type ColDef } from 'ag-grid-community';
import { users, type ColumnDefinition, type SchoolUser } from '@console/contract';

ModuleRegistry.registerModules([AllCommunityModule]);

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation merges into an interface
  interface Window {
    /** Renders the rows and answers the milliseconds from the answer to the first rows rendered. */
    renderBareGrid: (answer: { users: SchoolUser[] }, columns: ColumnDefinition[]) => Promise<number>;
  }
}

window.renderBareGrid = (answer, columns) =>
  new Promise((resolve) => {
    const startedAt = performance.now();
    const rows = answer.users.map((user) => {
      const row: Record<string, unknown> = {};
      for (const column of columns) row[column.ColonneBDD] = users.readCellValue(user, column.ColonneBDD);
      return row;
    });
    const columnDefs: ColDef[] = columns.map((column) => ({
      field: column.ColonneBDD,
      headerName: column.ColonneAffichee,
      hide: !column.Visible,
      filter:
        column.TypeFiltre === 'none' ? false : column.TypeFiltre === 'number' ? 'agNumberColumnFilter' : 'agTextColumnFilter',
      // As the users view: each keystroke filters at once.
      filterParams: { debounceMs: 0 },
      floatingFilter: true,
      sortable: true,
    }));
    createGrid(document.getElementById('grid')!, {
      theme: themeQuartz,
      rowData: rows,
      columnDefs,
      rowHeight: 32,
      getRowId: (params) => String(params.data.id),
      rowSelection: { mode: 'multiRow' },
      onFirstDataRendered: () => resolve(performance.now() - startedAt),
    });
  });
