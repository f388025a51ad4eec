import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A calm slate blue; shade 7 (the primary shade) keeps white text above a 4.5:1 contrast. */
const ocean: MantineColorsTuple = [
  '#eaf3f9',
  '#d6e6f1',
  '#abcce3',
  '#7db0d4',
  '#5799c7',
  '#3f8abf',
  '#2f7db5',
  '#1f6a9e',
  '#175d8c',
  '#0b4f79',
];

export const theme = createTheme({
  primaryColor: 'ocean',
  primaryShade: { light: 7, dark: 5 },
  colors: { ocean },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    // Mantine's menus put a focusable placeholder (role="presentation", tabindex) in role="menu",
    // which breaks the menu's required children (axe aria-required-children, critical). Without
    // it, an opened menu focuses itself and the arrows still move through its items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * Mantine's default dimmed grey (gray.6) and error red (red.6) are below 4.5:1 on white; gray.7 and
 * red.9 keep secondary text and error messages readable.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolvedTheme.colors.gray[7],
    '--mantine-color-placeholder': resolvedTheme.colors.gray[6],
    '--mantine-color-error': resolvedTheme.colors.red[9],
  },
  dark: {},
});
