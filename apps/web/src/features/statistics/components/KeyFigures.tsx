import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '#lib/format';
import classes from './KeyFigures.module.css';

export type KeyFigure = { key: string; label: string; value: number };

/** A row of headline counts, as a description list (label, then its value written as the interface language writes it). */
export function KeyFigures({ figures }: { figures: KeyFigure[] }) {
  const { i18n } = useTranslation();
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: figures.length }} spacing="lg" className={classes.list}>
      {figures.map((figure) => (
        <Paper key={figure.key} withBorder radius="md" px="lg" py="md" className={classes.figure}>
          <Text component="dt" size="sm" c="dimmed" fw={600} className={classes.label}>
            {figure.label}
          </Text>
          <Text component="dd" fz={30} fw={700} lh={1.2} className={classes.value}>
            {formatCount(figure.value, i18n.language)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
