import { Button, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type BulkModalProps = {
  title: string;
  /** The line that says whom the change reaches (the selected count, the mail recipients...). */
  intro: string;
  size?: ModalProps['size'];
  confirmLabel?: string;
  cancelLabel?: string;
  /** False once the action is done and only closing is left. */
  isConfirmShown?: boolean;
  canConfirm: boolean;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
};

/**
 * The frame every bulk action's modal shares (spec 3 §2.2): its title, whom it reaches, its
 * fields, and cancel and confirm; Enter in a field confirms, as the confirm button would.
 */
export function BulkModal({
  title,
  intro,
  size = 'md',
  confirmLabel,
  cancelLabel,
  isConfirmShown = true,
  canConfirm,
  isPending,
  onConfirm,
  onClose,
  children,
}: BulkModalProps) {
  const { t } = useTranslation();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canConfirm && !isPending && isConfirmShown) onConfirm();
  };
  return (
    <Modal opened onClose={onClose} title={title} size={size} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{intro}</Text>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {cancelLabel ?? t('users.bulk.cancel')}
            </Button>
            {isConfirmShown && (
              <Button type="submit" disabled={!canConfirm} loading={isPending}>
                {confirmLabel ?? t('users.bulk.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
