import {
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  DateFilterModule,
  LocaleModule,
  ModuleRegistry,
  QuickFilterModule,
  RowApiModule,
  RowSelectionModule,
  TextFilterModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';

let isRegistered = false;

/**
 * Registers only the AG Grid Community modules the monitoring grid uses (docs/design.md, "AG Grid modules"): client-side
 * rows, multi-row selection, text and date filters with their floating filters, the quick
 * search, auto-size, the column and row APIs, header tooltips (browser ones), French texts; grid option checks in development.
 */
export function registerGridModules(): void {
  if (isRegistered) return;
  isRegistered = true;
  ModuleRegistry.registerModules([
    ClientSideRowModelModule,
    RowSelectionModule,
    TextFilterModule,
    DateFilterModule,
    QuickFilterModule,
    ColumnAutoSizeModule,
    ColumnApiModule,
    RowApiModule,
    LocaleModule,
    TooltipModule,
    ...(import.meta.env.DEV ? [ValidationModule] : []),
  ]);
}
