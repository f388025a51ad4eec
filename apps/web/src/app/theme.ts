import {
  createTheme,
  defaultVariantColorsResolver,
  rgba,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

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

/**
 * The light variant with a chosen shade ("teal.9") means a pale tint with text in that shade: a
 * badge 'Activée' in dark green on pale green. Mantine instead fills it with the shade itself and
 * writes in the light text colour, green on green (about 1.5:1, a blank pill). Other variants and
 * plain colours ("teal") stay Mantine's.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const shaded = input.variant === 'light' && input.color ? /^([a-z]+)\.(\d)$/.exec(input.color) : null;
  const palette = shaded ? input.theme.colors[shaded[1]!] : undefined;
  if (!shaded || !palette) return resolved;
  return {
    ...resolved,
    background: rgba(palette[6], 0.1),
    hover: rgba(palette[6], 0.15),
    color: palette[Number(shaded[2])]!,
  };
};

/**
 * The option lists of Autocomplete and Select scroll themselves instead of through a ScrollArea:
 * the list (a listbox the input controls, walked with the arrow keys) is then the scrolling
 * element, which screen readers and axe know; Mantine's ScrollArea put an unnamed scrolling box
 * around it that the keyboard could not reach (axe scrollable-region-focusable, serious).
 */
const SCROLLING_OPTIONS = {
  defaultProps: { withScrollArea: false },
  styles: { options: { maxHeight: 'calc(13.75rem * var(--mantine-scale))', overflowY: 'auto' as const } },
};

export const theme = createTheme({
  primaryColor: 'ocean',
  primaryShade: { light: 7, dark: 5 },
  colors: { ocean },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  variantColorResolver,
  cursorType: 'pointer',
  // Someone who asks their system for reduced motion gets dialogs, menus and toasts without their
  // transitions (WCAG 2.3.3). The browser tests ask for it too: a click never lands on a dialog
  // still moving in, which a loaded machine made happen.
  respectReducedMotion: true,
  components: {
    // Mantine's menus put a focusable placeholder (role="presentation", tabindex) in role="menu",
    // which breaks the menu's required children (axe aria-required-children, critical). Without
    // it, an opened menu focuses itself and the arrows still move through its items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Autocomplete: SCROLLING_OPTIONS,
    Select: SCROLLING_OPTIONS,
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
