import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRotate2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetWorkflow } from '../api';
import { notifySaveError } from '../save-feedback';
import { ConfirmDialog } from '#ui/ConfirmDialog';

type ResetWorkflowButtonProps = { uai: string; schoolLabel: string; isDisabled: boolean; onReset: () => void };

/** 'Remise à zéro': after a confirmation, sends the contract's reset actions for the school. */
export function ResetWorkflowButton({ uai, schoolLabel, isDisabled, onReset }: ResetWorkflowButtonProps) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  const reset = useResetWorkflow(uai);

  const handleConfirm = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setIsConfirming(false);
        notifications.show({ color: 'green', message: t('workflow.reset_done', { uai }) });
        onReset();
      },
      onError: (error) => {
        setIsConfirming(false);
        notifySaveError(error, t);
      },
    });

  return (
    <>
      <Button
        variant="outline"
        color="red.9"
        leftSection={<IconRotate2 size={16} />}
        disabled={isDisabled}
        onClick={() => setIsConfirming(true)}
      >
        {t('workflow.reset')}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('workflow.reset_confirm_title')}
        text={t('workflow.reset_confirm_text', { school: schoolLabel })}
        confirmLabel={t('workflow.reset_confirm')}
        isPending={reset.isPending}
        onConfirm={handleConfirm}
        onClose={() => setIsConfirming(false)}
      />
    </>
  );
}
