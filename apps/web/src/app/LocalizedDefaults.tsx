import { createTheme, MantineThemeProvider } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's defaults that need the user's language: the close buttons of toasts, dialogs and
 * panels are named "Fermer" (axe: a button without a name is critical; Mantine leaves them
 * unnamed). A theme layer over the app's theme, inside the i18n provider, so that it follows a
 * change of language; a component may still give its own name.
 */
export function LocalizedDefaults({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const overrides = useMemo(() => {
    const closeButtonProps = { 'aria-label': t('global.close', { lng: language }) };
    return createTheme({
      components: {
        // By name, not with `Modal.extend(...)`: importing the components would bring the dialogs'
        // code into the sign-in screen's bundle (6.6 KiB over its budget).
        Notification: { defaultProps: { closeButtonProps } },
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
      },
    });
  }, [t, language]);
  return <MantineThemeProvider theme={overrides}>{children}</MantineThemeProvider>;
}
