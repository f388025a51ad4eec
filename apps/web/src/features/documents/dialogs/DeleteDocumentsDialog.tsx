import type { documents } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useDeleteDocuments } from '../api';
import { notifyDocumentsFailure } from '../documents-failure';
import { ConfirmDialog } from '#ui/ConfirmDialog';

type DeleteDocumentsDialogProps = {
  /** The documents to delete; empty: the dialog is closed. */
  files: readonly documents.Document[];
  onDeleted: (ids: readonly number[]) => void;
  onClose: () => void;
};

/** The question before documents are deleted, then the deletion and its toast ('N documents supprimés.'). */
export function DeleteDocumentsDialog({ files, onDeleted, onClose }: DeleteDocumentsDialogProps) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteDocuments();
  const count = files.length;
  const handleConfirm = () => {
    const ids = files.map((file) => file.id);
    remove.mutate(ids, {
      onSuccess: (deleted) => {
        notifications.show({ color: 'teal', message: t('documents.delete.success', { count: deleted }) });
        onDeleted(ids);
        onClose();
      },
      onError: (error) => notifyDocumentsFailure(error, t, i18n),
    });
  };
  return (
    <ConfirmDialog
      isOpen={count > 0}
      title={t('documents.delete.title', { count })}
      text={count === 1 ? t('documents.delete.text_single', { name: files[0]!.name }) : t('documents.delete.text', { count })}
      confirmLabel={t('documents.delete.confirm')}
      isPending={remove.isPending}
      onConfirm={handleConfirm}
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
    />
  );
}
