import type { documents } from '@console/contract';
import { Checkbox, Group, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '#lib/format';
import type { DocumentSort, SortColumn } from '../document-sort';
import { DocumentRow, type RowActions } from './DocumentRow';
import { SortableHeader } from './SortableHeader';

/** Rows a page shows: 10,000 documents stay quick to draw. */
export const PAGE_SIZE = 100;

type DocumentsTableProps = {
  /** The documents the search keeps, in the sort's order. */
  rows: readonly documents.Document[];
  page: number;
  onPageChange: (page: number) => void;
  sort: DocumentSort;
  onSort: (column: SortColumn) => void;
  isSelected: (id: number) => boolean;
  /** Ticks or unticks every row the search keeps (every page). */
  onSelectRows: (ids: readonly number[], isSelected: boolean) => void;
  /** The schools column (Administrateur only). */
  withSchools: boolean;
  canWrite: boolean;
  /** The document whose address is being asked. */
  pendingId: number | null;
  actions: RowActions;
};

/** The number of pages of a list of rows (at least 1). */
export function pageCountOf(rowCount: number): number {
  return Math.max(1, Math.ceil(rowCount / PAGE_SIZE));
}

/**
 * The documents' table (spec 3 §2.7), a page at a time: a header checkbox ticking every row the
 * search keeps, sortable columns, one row per document with its menu.
 */
export function DocumentsTable(props: DocumentsTableProps) {
  const { rows, page, onPageChange, sort, onSort, isSelected, onSelectRows, withSchools, canWrite, pendingId, actions } = props;
  const { t, i18n } = useTranslation();
  const pages = pageCountOf(rows.length);
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const selectedCount = rows.filter((file) => isSelected(file.id)).length;
  const isAllSelected = rows.length > 0 && selectedCount === rows.length;
  const header = (column: SortColumn, width?: number | string) => (
    <SortableHeader column={column} label={t(`documents.table.columns.${column}`)} sort={sort} onSort={onSort} width={width} />
  );

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={withSchools ? 860 : 700}>
        <Table verticalSpacing="xs" highlightOnHover aria-label={t('documents.table.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('documents.table.select_all')}
                  checked={isAllSelected}
                  indeterminate={selectedCount > 0 && !isAllSelected}
                  onChange={() =>
                    onSelectRows(
                      rows.map((file) => file.id),
                      !isAllSelected,
                    )
                  }
                />
              </Table.Th>
              {header('name')}
              {header('size', 110)}
              {header('uploadedBy')}
              {withSchools && header('schools')}
              {header('date', 170)}
              <Table.Th w={56}>
                <VisuallyHidden>{t('documents.table.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((file) => (
              <DocumentRow
                key={file.id}
                file={file}
                isSelected={isSelected(file.id)}
                withSchools={withSchools}
                canWrite={canWrite}
                isPending={pendingId === file.id}
                actions={actions}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('documents.table.count', { count: rows.length, formatted: formatCount(rows.length, i18n.language) })}
        </Text>
        {pages > 1 && (
          <Pagination total={pages} value={current} onChange={onPageChange} aria-label={t('documents.table.pages')} />
        )}
      </Group>
    </Stack>
  );
}
