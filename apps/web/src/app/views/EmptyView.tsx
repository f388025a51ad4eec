import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { View } from './views';

type EmptyViewProps = {
  view: View;
  /** Translation key of the text; the 'coming soon' text by default. */
  messageKey?: string;
};

/** A view that a later issue fills: its title and a short note. */
export function EmptyView({ view, messageKey = 'views.coming_soon' }: EmptyViewProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t(`views.titles.${view}`)}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={48} radius="xl" variant="light" color="ocean" aria-hidden>
            <IconHourglassEmpty size={26} stroke={1.5} />
          </ThemeIcon>
          <Text size="md">{t(messageKey)}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
