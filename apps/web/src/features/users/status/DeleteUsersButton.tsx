import { users, type School, type SchoolUser, type SessionUser } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { useDeleteUsers, useReloadSchoolUsers } from '../api';
import type { UsersGridHandle } from '../users-view';
import { ReasonedButton } from '#ui/ReasonedButton';
import { ConfirmDialog } from '#ui/ConfirmDialog';
import { notifyFailure } from '#ui/notify-failure';

type DeleteUsersButtonProps = {
  school: School;
  user: SessionUser;
  selected: readonly SchoolUser[];
  grid: RefObject<UsersGridHandle | null>;
};

const REASON_KEYS = {
  empty: 'users.actions.reasons.select',
  not_disabled: 'users.actions.reasons.not_disabled',
  self: 'users.actions.reasons.self_delete',
} as const;

/** Deletes disabled users after a confirmation (spec 3 §4); they stay in the bin for 30 days. */
export function DeleteUsersButton({ school, user, selected, grid }: DeleteUsersButtonProps) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  const deleteUsers = useDeleteUsers();
  const reload = useReloadSchoolUsers();
  const state = users.deleteState(selected, user.id);
  const canWrite = can(user, 'ButtonBar_buttonDelete', 'Ecriture');
  const reason = !canWrite ? t('users.actions.reasons.no_right') : state.allowed ? null : t(REASON_KEYS[state.reason]);
  const days = users.BIN_RETENTION_DAYS;

  const handleConfirm = () => {
    deleteUsers.mutate(
      selected.map((selectedUser) => selectedUser.id),
      {
        onSuccess: ({ count }) => {
          setIsConfirming(false);
          notifications.show({
            color: 'teal',
            title: t('users.actions.deleted_done', { count }),
            message: t('users.actions.deleted_bin', { count, days }),
          });
          grid.current?.deselectAll();
          void reload(school.informations.uai);
        },
        onError: (error) => notifyFailure(error, t),
      },
    );
  };

  return (
    <>
      <ReasonedButton
        variant="default"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        disabledReason={reason}
        onClick={() => setIsConfirming(true)}
      >
        {t('users.actions.delete')}
      </ReasonedButton>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('users.actions.delete_confirm_title')}
        text={t('users.actions.delete_confirm_text', { count: selected.length, days })}
        confirmLabel={t('users.actions.delete_confirm')}
        isPending={deleteUsers.isPending}
        onConfirm={handleConfirm}
        onClose={() => setIsConfirming(false)}
      />
    </>
  );
}
