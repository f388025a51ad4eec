import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Detail = { label: string; value: ReactNode };

/** Label and value pairs as a description list. */
export function DetailList({ details, columns = 2 }: { details: readonly Detail[]; columns?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: columns }} spacing="sm" verticalSpacing="sm" m={0}>
      {details.map(({ label, value }) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
