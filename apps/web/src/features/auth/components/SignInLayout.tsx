import { PRODUCT_VERSION } from '@console/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '#ui/Logo';
import classes from './SignInLayout.module.css';

type SignInLayoutProps = {
  children: ReactNode;
  /** Styles of the card, for the fade out after a successful sign-in. */
  cardStyle?: CSSProperties;
};

/** The sign-in page frame: logo, product name and version above the given content. */
export function SignInLayout({ children, cardStyle }: SignInLayoutProps) {
  const { t } = useTranslation();
  return (
    <main className={classes.page}>
      <Paper className={classes.card} shadow="md" radius="lg" p="xl" withBorder style={cardStyle}>
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <Logo size={56} />
            <Title order={1} fz="h2">
              {t('global.product_name')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('signin.version', { version: PRODUCT_VERSION })}
            </Text>
            <Text size="sm">{t('signin.subtitle')}</Text>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </main>
  );
}
