import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { DocumentSort, SortColumn } from '../document-sort';

type SortableHeaderProps = {
  column: SortColumn;
  label: string;
  sort: DocumentSort;
  onSort: (column: SortColumn) => void;
  width?: number | string;
};

/**
 * A column header whose button sorts the column (none, ascending, descending); `aria-sort` says
 * how the column is sorted, on the sorted column only.
 */
export function SortableHeader({ column, label, sort, onSort, width }: SortableHeaderProps) {
  const direction = sort?.column === column ? sort.direction : undefined;
  const Icon = direction === 'ascending' ? IconSortAscending : direction === 'descending' ? IconSortDescending : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction} w={width}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden opacity={direction ? 1 : 0.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
