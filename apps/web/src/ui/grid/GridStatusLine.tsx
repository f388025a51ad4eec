import { Text } from '@mantine/core';

/** A grid's counts (total, filtered, selected), outside the grid: AG Grid's status bar is an Enterprise feature. */
export function GridStatusLine({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed" role="status">
      {children}
    </Text>
  );
}
