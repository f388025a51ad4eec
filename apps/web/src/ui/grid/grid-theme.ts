import { themeQuartz } from 'ag-grid-community';

/** Rows and headers of the console's grids are 32 px high (spec 1 §9, spec 3 §2.1). */
export const GRID_ROW_HEIGHT = 32;

/** The console's AG Grid theme: Quartz in the Mantine theme's colours and font. */
export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontSize: 13,
  headerFontWeight: 650,
  accentColor: '#1f6a9e',
  foregroundColor: '#1a1b1e',
  headerBackgroundColor: '#f1f3f5',
  oddRowBackgroundColor: '#fafbfc',
  borderColor: '#dee2e6',
  wrapperBorderRadius: 8,
  rowHeight: GRID_ROW_HEIGHT,
  headerHeight: GRID_ROW_HEIGHT,
  spacing: 6,
});
