import { BarChart } from '@mantine/charts';
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApplicationCount } from '../group-top-applications';
import { formatCount } from '#lib/format';
import { ChartCard } from './ChartCard';
import { FiguresTable } from './FiguresTable';

type ApplicationsChartProps = {
  title: string;
  description: string;
  applications: ApplicationCount[];
  headingLevel: 2 | 3;
};

const BAR_HEIGHT = 34;
const AXIS_HEIGHT = 40;

/**
 * Users per application as horizontal bars, each labelled with its count; a table only screen
 * readers see gives the same figures (the bars are hidden from them).
 */
export function ApplicationsChart({ title, description, applications, headingLevel }: ApplicationsChartProps) {
  const { t, i18n } = useTranslation();
  return (
    <ChartCard title={title} description={description} headingLevel={headingLevel}>
      {(headingId) =>
        applications.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('statistics.no_data')}
          </Text>
        ) : (
          <>
            <Box aria-hidden>
              <BarChart
                h={applications.length * BAR_HEIGHT + AXIS_HEIGHT}
                data={applications}
                dataKey="name"
                orientation="vertical"
                series={[{ name: 'count', label: t('statistics.users'), color: 'ocean.7' }]}
                valueFormatter={(value) => formatCount(value, i18n.language)}
                withBarValueLabel
                valueLabelProps={{ fill: 'var(--mantine-color-text)' }}
                yAxisProps={{ width: 150, interval: 0 }}
                xAxisProps={{ padding: { right: 48 } }}
                gridAxis="x"
                tickLine="none"
                maxBarWidth={22}
                accessibilityLayer={false}
              />
            </Box>
            <FiguresTable
              labelledBy={headingId}
              categoryLabel={t('statistics.applications.column')}
              rows={applications.map((application, index) => ({
                key: `${index}-${application.name}`,
                label: application.name,
                count: application.count,
              }))}
              isVisuallyHidden
            />
          </>
        )
      }
    </ChartCard>
  );
}
