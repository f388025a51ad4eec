import { documents } from '@console/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconBuildingCommunity, IconFileZip, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReasonedButton } from '#ui/ReasonedButton';

type SelectionToolbarProps = {
  selected: readonly documents.Document[];
  /** Whether the user may change documents (FileManager at Ecriture): without it, no assign nor delete. */
  canWrite: boolean;
  isZipping: boolean;
  onAssign: () => void;
  onZip: () => void;
  onDelete: () => void;
  onClear: () => void;
};

/**
 * What to do with the ticked documents (spec 3 §2.7): assign schools, download as zip, delete,
 * clear the selection. Assigning and deleting are off, saying why, while the selection holds a
 * document the user does not manage; the zip past the most one archive holds.
 */
export function SelectionToolbar({ selected, canWrite, isZipping, onAssign, onZip, onDelete, onClear }: SelectionToolbarProps) {
  const { t } = useTranslation();
  const max = documents.DOCUMENTS_PER_CALL_MAX;
  const notManaged = selected.some((file) => !file.canManage) ? t('documents.selection.not_managed') : null;
  const zipTooMany = selected.length > max ? t('documents.selection.zip_too_many', { max }) : null;
  return (
    <Paper withBorder p="xs" role="group" aria-label={t('documents.selection.label')}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600} size="sm" role="status">
          {t('documents.selection.count', { count: selected.length })}
        </Text>
        {canWrite && (
          <ReasonedButton
            variant="light"
            size="xs"
            leftSection={<IconBuildingCommunity size={14} aria-hidden />}
            disabledReason={notManaged}
            onClick={onAssign}
          >
            {t('documents.selection.assign')}
          </ReasonedButton>
        )}
        <ReasonedButton
          variant="light"
          size="xs"
          leftSection={<IconFileZip size={14} aria-hidden />}
          loading={isZipping}
          disabledReason={zipTooMany}
          onClick={onZip}
        >
          {t('documents.selection.zip')}
        </ReasonedButton>
        {canWrite && (
          <ReasonedButton
            variant="light"
            color="red.9"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabledReason={notManaged}
            onClick={onDelete}
          >
            {t('documents.selection.delete')}
          </ReasonedButton>
        )}
        <Button variant="subtle" size="xs" leftSection={<IconX size={14} aria-hidden />} onClick={onClear}>
          {t('documents.selection.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
