import type { settings } from '@console/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';
import { notifyFailure } from '#ui/notify-failure';
import { useDeletePurgeTask, usePlatformSettings, usePurgeTasks, useSavePurgeTask } from '../api';
import { updatePayloadOfTask } from '../purge-task-fields';
import { PurgeTaskForm } from './PurgeTaskForm';
import { PurgeTaskList } from './PurgeTaskList';

/** The task in the form: a stored one, or 'new'. Kept while the dialog closes, so that its title stays. */
type Editing = { task: settings.PurgeTask | 'new'; isOpen: boolean; key: number };

/**
 * The Tokens tab (spec 2 §2.8): the scheduled token purges, each enabled or disabled by its switch,
 * changed in a dialog holding its form, or deleted after a confirmation; 'Ajouter une tâche' opens
 * the same form empty. Without the Config write right, the list only.
 */
export function TokensTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const tasks = usePurgeTasks();
  const platforms = usePlatformSettings();
  const toggle = useSavePurgeTask();
  const remove = useDeletePurgeTask();
  const [editing, setEditing] = useState<Editing>({ task: 'new', isOpen: false, key: 0 });
  const [isSaving, setIsSaving] = useState(false);
  const [deleting, setDeleting] = useState<{ task: settings.PurgeTask | null; isOpen: boolean }>({ task: null, isOpen: false });

  if (tasks.isPending) return <LoadingBlock />;
  if (tasks.isError) return <ErrorAlert />;

  const handleToggle = (task: settings.PurgeTask) => {
    toggle.mutate(
      { eventId: task.eventId, body: { ...updatePayloadOfTask(task), enable: !task.enable } },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('settings.tokens.saved') }),
        onError: (error) => notifyFailure(error, t),
      },
    );
  };

  const openForm = (task: settings.PurgeTask | 'new') => setEditing(({ key }) => ({ task, isOpen: true, key: key + 1 }));
  const closeForm = () => {
    setIsSaving(false);
    setEditing((previous) => ({ ...previous, isOpen: false }));
  };
  const openDelete = (task: settings.PurgeTask) => setDeleting({ task, isOpen: true });
  const closeDelete = () => setDeleting((previous) => ({ ...previous, isOpen: false }));

  const handleDelete = () => {
    if (!deleting.task) return;
    remove.mutate(deleting.task.eventId, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('settings.tokens.deleted') }),
      onError: () => notifications.show({ color: 'red', message: t('settings.tokens.delete_failed') }),
      onSettled: closeDelete,
    });
  };

  return (
    <Stack gap="lg">
      {canEdit && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openForm('new')} disabled={platforms.isPending}>
            {t('settings.tokens.add')}
          </Button>
        </Group>
      )}
      <PurgeTaskList
        tasks={tasks.data}
        canEdit={canEdit}
        togglingId={toggle.isPending ? (toggle.variables?.eventId ?? null) : null}
        onToggle={handleToggle}
        onEdit={openForm}
        onDelete={openDelete}
      />
      <Modal
        opened={editing.isOpen}
        onClose={() => {
          if (!isSaving) closeForm();
        }}
        title={t(editing.task === 'new' ? 'settings.tokens.new_title' : 'settings.tokens.edit_title')}
        size="lg"
        centered
        closeOnEscape={!isSaving}
        closeOnClickOutside={!isSaving}
      >
        {editing.key > 0 && (
          <PurgeTaskForm
            key={editing.key}
            task={editing.task === 'new' ? null : editing.task}
            platforms={platforms.data ?? []}
            onDone={closeForm}
            onSavingChange={setIsSaving}
          />
        )}
      </Modal>
      <Modal
        opened={deleting.isOpen}
        onClose={() => {
          if (!remove.isPending) closeDelete();
        }}
        title={t('settings.tokens.delete_confirm', { name: deleting.task?.eventName ?? '' })}
        centered
      >
        <Stack gap="lg">
          <Text size="sm">{t('settings.tokens.delete_confirm_text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={closeDelete} disabled={remove.isPending}>
              {t('settings.tokens.cancel')}
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={handleDelete}>
              {t('settings.tokens.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
