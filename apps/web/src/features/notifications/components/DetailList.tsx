import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Detail = { label: string; value: ReactNode };

/** Labelled values as a description list (terms and their definitions), two columns on wide screens. */
export function DetailList({ details }: { details: readonly Detail[] }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))', gap: 'var(--mantine-spacing-sm)' }}
    >
      {details.map((detail) => (
        <div key={detail.label}>
          <Text component="dt" size="sm" fw={600}>
            {detail.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {detail.value}
          </Text>
        </div>
      ))}
    </Box>
  );
}
