import { DonutChart } from '@mantine/charts';
import { Box, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '#lib/format';
import { ChartCard } from './ChartCard';
import { FiguresTable } from './FiguresTable';

export type Slice = {
  key: string;
  label: string;
  count: number;
  /** A theme colour ('ocean.7'). */
  color: string;
};

type ShareChartProps = {
  title: string;
  description?: string;
  categoryLabel: string;
  slices: Slice[];
  headingLevel: 2 | 3;
};

/** 'ocean.7' → the CSS variable Mantine defines for it. */
function cssColorOf(themeColor: string): string {
  return `var(--mantine-color-${themeColor.replace('.', '-')})`;
}

/**
 * How a whole splits into parts: a donut with the total in its middle, and its figures as a visible
 * table (the donut is hidden from assistive technology, which reads the table).
 */
export function ShareChart({ title, description, categoryLabel, slices, headingLevel }: ShareChartProps) {
  const { t, i18n } = useTranslation();
  const formatValue = (value: number) => formatCount(value, i18n.language);
  const total = slices.reduce((sum, slice) => sum + slice.count, 0);
  return (
    <ChartCard title={title} description={description} headingLevel={headingLevel}>
      {(headingId) =>
        total === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('statistics.no_data')}
          </Text>
        ) : (
          <Stack gap="md" align="stretch">
            <Box aria-hidden mx="auto">
              <DonutChart
                data={slices.map((slice) => ({ name: slice.label, value: slice.count, color: slice.color }))}
                size={168}
                thickness={26}
                paddingAngle={slices.filter((slice) => slice.count > 0).length > 1 ? 2 : 0}
                strokeWidth={0}
                chartLabel={formatValue(total)}
                valueFormatter={formatValue}
                tooltipDataSource="segment"
                accessibilityLayer={false}
                // Recharts makes the pie tabbable by default: inside a hidden drawing that would strand keyboard users.
                pieProps={{ rootTabIndex: -1 }}
              />
            </Box>
            <FiguresTable
              labelledBy={headingId}
              categoryLabel={categoryLabel}
              total={total}
              rows={slices.map((slice) => ({
                key: slice.key,
                label: slice.label,
                count: slice.count,
                color: cssColorOf(slice.color),
              }))}
            />
          </Stack>
        )
      }
    </ChartCard>
  );
}
