import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useDeleteSchool } from '../api';
import { RELOAD_AFTER_DELETION_MS, scheduleReload } from '../page-reload';
import type { PickerEntry } from './SchoolPickerList';
import { notifyFailure } from '#ui/notify-failure';

type DeleteSchoolDialogProps = {
  /** The school to delete; the dialog is open while one is given. */
  entry: PickerEntry | null;
  onClose: () => void;
  /** Its place in the picker's modal stack. */
  stackId?: string;
};

/** Asks before deleting a school; on success a toast, then the page reloads; on failure a toast. */
export function DeleteSchoolDialog({ entry, onClose, stackId }: DeleteSchoolDialogProps) {
  const { t } = useTranslation();
  const deleteSchool = useDeleteSchool();

  const handleConfirm = () => {
    if (!entry) return;
    deleteSchool.mutate(entry.school.UAI, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('school.deleted') });
        onClose();
        scheduleReload(RELOAD_AFTER_DELETION_MS);
      },
      onError: (error) => {
        notifyFailure(error, t);
        onClose();
      },
    });
  };

  return (
    <Modal
      stackId={stackId}
      opened={entry !== null}
      onClose={onClose}
      title={t('schools.delete.title')}
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="md">
        <Text>{t('schools.delete.confirm')}</Text>
        {entry && (
          <Text fw={600} size="sm">
            {entry.label}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('schools.delete.cancel')}
          </Button>
          <Button color="red.9" loading={deleteSchool.isPending} onClick={handleConfirm}>
            {t('schools.delete.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
