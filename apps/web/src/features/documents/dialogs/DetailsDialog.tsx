import type { documents } from '@console/contract';
import { Modal, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize } from '#lib/format';
import { schoolsTextOf, uploaderNameOf } from '../document-text';

type DetailsDialogProps = { file: documents.Document | null; withSchools: boolean; onClose: () => void };

/** A document's details: name, type, size, who sent it (and the profile), its date and, for an Administrateur, its schools. */
export function DetailsDialog({ file, withSchools, onClose }: DetailsDialogProps) {
  const { t, i18n } = useTranslation();
  const lines = file
    ? [
        { label: t('documents.details.name'), value: file.name },
        { label: t('documents.details.type'), value: file.type },
        { label: t('documents.details.size'), value: formatFileSize(file.size, i18n.language) },
        {
          label: t('documents.details.uploaded_by'),
          value: t('documents.details.uploader', { name: uploaderNameOf(file), profile: file.uploadedBy.profile }),
        },
        { label: t('documents.details.date'), value: formatDateTime(file.date, i18n.language, 'long') },
        ...(withSchools
          ? [
              {
                label: t('documents.details.schools'),
                value:
                  file.schools.length === 0
                    ? t('documents.details.no_school')
                    : schoolsTextOf(file.schools, t('documents.details.all_schools')),
              },
            ]
          : []),
      ]
    : [];
  return (
    <Modal opened={file !== null} onClose={onClose} title={t('documents.details.title')} centered size="lg">
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.label}>
              <Table.Th w={180}>{line.label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
