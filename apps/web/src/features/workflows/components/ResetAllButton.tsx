import { Button } from '@mantine/core';
import { IconRotate2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#ui/ConfirmDialog';

type ResetAllButtonProps = { selectedCount: number; isRunning: boolean; onConfirm: () => void };

/** 'Remettre à zéro tous les établissements': disabled while no row is selected; asks first. */
export function ResetAllButton({ selectedCount, isRunning, onConfirm }: ResetAllButtonProps) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        color="red.9"
        leftSection={<IconRotate2 size={16} />}
        disabled={selectedCount === 0}
        loading={isRunning}
        onClick={() => setIsConfirming(true)}
      >
        {t('global_monitoring.reset_all')}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('global_monitoring.reset_all_confirm_title')}
        text={t('global_monitoring.reset_all_confirm_text', { count: selectedCount })}
        confirmLabel={t('workflow.reset_confirm')}
        onConfirm={() => {
          setIsConfirming(false);
          onConfirm();
        }}
        onClose={() => setIsConfirming(false)}
      />
    </>
  );
}
