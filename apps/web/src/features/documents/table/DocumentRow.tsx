import type { documents } from '@console/contract';
import { Checkbox, Table, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize } from '#lib/format';
import { schoolsTextOf, uploaderNameOf } from '../document-text';
import { RowMenu } from './RowMenu';

export type RowActions = {
  onToggle: (id: number) => void;
  onRead: (file: documents.Document) => void;
  onDownload: (file: documents.Document) => void;
  onDetails: (file: documents.Document) => void;
  onDelete: (file: documents.Document) => void;
};

type DocumentRowProps = {
  file: documents.Document;
  isSelected: boolean;
  /** Whether the schools column shows (Administrateur only). */
  withSchools: boolean;
  canWrite: boolean;
  isPending: boolean;
  actions: RowActions;
};

/** Clicks inside the checkbox's and the menu's cells (the menu's items too) do not reach the row, which would toggle it again. */
const stayInCell = (event: MouseEvent) => event.stopPropagation();

/** One document: a click on the row ticks or unticks it; its checkbox does the same from the keyboard. */
export function DocumentRow({ file, isSelected, withSchools, canWrite, isPending, actions }: DocumentRowProps) {
  const { t, i18n } = useTranslation();
  const schools = schoolsTextOf(file.schools, t('documents.table.all_schools'));
  return (
    <Table.Tr
      onClick={() => actions.onToggle(file.id)}
      bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ cursor: 'pointer' }}
    >
      <Table.Td onClick={stayInCell}>
        <Checkbox
          aria-label={t('documents.table.select', { name: file.name })}
          checked={isSelected}
          onChange={() => actions.onToggle(file.id)}
        />
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{file.name}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFileSize(file.size, i18n.language)}</Table.Td>
      <Table.Td>{uploaderNameOf(file)}</Table.Td>
      {withSchools && (
        <Table.Td maw={220}>
          <Text size="sm" truncate="end" title={schools}>
            {schools}
          </Text>
        </Table.Td>
      )}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.date, i18n.language)}</Table.Td>
      <Table.Td onClick={stayInCell} ta="right">
        <RowMenu
          file={file}
          canWrite={canWrite}
          isPending={isPending}
          onRead={() => actions.onRead(file)}
          onDownload={() => actions.onDownload(file)}
          onDetails={() => actions.onDetails(file)}
          onDelete={() => actions.onDelete(file)}
        />
      </Table.Td>
    </Table.Tr>
  );
}
