import {
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  CustomEditorModule,
  CustomFilterModule,
  DateFilterModule,
  GridStateModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  TextEditorModule,
  TextFilterModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';

let isRegistered = false;

/**
 * Registers only the AG Grid Community modules the users grid uses (docs/design.md, "AG Grid modules": the view's chunk
 * stays small): client-side rows and their API (filtered and sorted order), multi-row selection,
 * text, number and date filters with the custom 0/1 and option set filters, text and custom
 * editors, column state, the saved filters applied before the first rows (grid state), cell refresh, tooltips, French texts; grid option checks
 * in development.
 */
export function registerUsersGridModules(): void {
  if (isRegistered) return;
  isRegistered = true;
  ModuleRegistry.registerModules([
    ClientSideRowModelModule,
    ClientSideRowModelApiModule,
    RowSelectionModule,
    TextFilterModule,
    NumberFilterModule,
    DateFilterModule,
    CustomFilterModule,
    TextEditorModule,
    CustomEditorModule,
    ColumnApiModule,
    RowApiModule,
    RenderApiModule,
    TooltipModule,
    GridStateModule,
    LocaleModule,
    ...(import.meta.env.DEV ? [ValidationModule] : []),
  ]);
}
