import { users, type BulkUpdate } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { useBulkUpdate, useReloadSchoolUsers, useUndoBulkUpdate } from '../api';
import { UndoableToast } from './UndoableToast';
import { notifyFailure } from '#ui/notify-failure';

type ApplyOptions = {
  /** The success message, given the number of users changed. */
  successMessage: (count: number) => string;
  onDone?: () => void;
};

/**
 * Sends one bulk change (`PATCH /users/`), then toasts the action and the count with an « Annuler »
 * button while the change can be undone (30 s), and reloads the school's users.
 */
export function useBulkChange(uai: string) {
  const { t } = useTranslation();
  const bulkUpdate = useBulkUpdate();
  const undo = useUndoBulkUpdate();
  const reload = useReloadSchoolUsers();

  const apply = (body: BulkUpdate, { successMessage, onDone }: ApplyOptions) => {
    bulkUpdate.mutate(body, {
      onSuccess: ({ count, undoToken }) => {
        onDone?.();
        const message = successMessage(count);
        const id = `bulk-${Date.now()}`;
        const handleUndo = async () => {
          if (!undoToken) return;
          try {
            await undo.mutateAsync(undoToken);
            notifications.hide(id);
            notifications.show({ color: 'teal', message: t('users.bulk.undone') });
            await reload(uai);
          } catch (error) {
            // The server's reason (the undo window passed) says more than "could not be undone".
            if (error instanceof ApiError && error.reason) notifyFailure(error, t);
            else notifications.show({ color: 'red', message: t('users.bulk.undo_failed') });
          }
        };
        notifications.show(
          undoToken
            ? {
                id,
                color: 'teal',
                autoClose: users.UNDO_WINDOW_SECONDS * 1000,
                message: createElement(UndoableToast, { message, undoLabel: t('users.bulk.undo'), onUndo: handleUndo }),
              }
            : { id, color: 'teal', message },
        );
        void reload(uai);
      },
      onError: (error) => notifyFailure(error, t),
    });
  };

  return { apply, isPending: bulkUpdate.isPending };
}
