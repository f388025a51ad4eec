import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

type ChartCardProps = {
  title: string;
  description?: string;
  /** The heading level in the page: 2 under the view's title, 3 under a section's. */
  headingLevel: 2 | 3;
  /** The card's content, given the id of its heading (to name the figures table by it). */
  children: (headingId: string) => ReactNode;
};

/** A chart's card: a region named by its heading, an optional description, then the chart and its figures. */
export function ChartCard({ title, description, headingLevel, children }: ChartCardProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="lg" h="100%">
      <Stack gap="md">
        <Stack gap={4}>
          <Title id={headingId} order={headingLevel} fz="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children(headingId)}
      </Stack>
    </Paper>
  );
}
