import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#ui/ConfirmDialog';
import { notifyFailure } from '#ui/notify-failure';
import { useNewSignInLink } from '../api';

/**
 * Replaces a pupil's or teacher's sign-in link (a sheet lost, a QR code shared), after saying
 * that the old link and every sheet printed with it stop working.
 */
export function NewSignInLinkButton({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [isAsking, setIsAsking] = useState(false);
  const renew = useNewSignInLink();

  const handleConfirm = () =>
    renew.mutate(userId, {
      onSuccess: () => notifications.show({ color: 'green', message: t('users.page.link.renewed') }),
      onError: (error) => notifyFailure(error, t),
      onSettled: () => setIsAsking(false),
    });

  return (
    <>
      <Button variant="light" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => setIsAsking(true)}>
        {t('users.page.link.renew')}
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        title={t('users.page.link.confirm_title')}
        text={t('users.page.link.confirm_text')}
        confirmLabel={t('users.page.link.renew')}
        isPending={renew.isPending}
        onConfirm={handleConfirm}
        onClose={() => setIsAsking(false)}
      />
    </>
  );
}
