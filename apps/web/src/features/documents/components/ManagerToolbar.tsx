import type { SessionUser } from '@console/contract';
import { Button, Group } from '@mantine/core';
import { IconHelp, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DocumentUploadButton } from '../upload/DocumentUploadButton';

type ManagerToolbarProps = {
  user: SessionUser;
  /** Whether the user may send documents (FileManager at Ecriture). */
  canWrite: boolean;
  usedBytes: number;
  maxBucketSize: number;
  isRefreshing: boolean;
  onRefresh: () => void;
  onUploaded: () => void;
  onHelp: () => void;
};

/** The view's toolbar (spec 3 §2.7): the upload button (with FileManager at Ecriture), the refresh, the help. */
export function ManagerToolbar({
  user,
  canWrite,
  usedBytes,
  maxBucketSize,
  isRefreshing,
  onRefresh,
  onUploaded,
  onHelp,
}: ManagerToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      {canWrite && (
        <DocumentUploadButton user={user} usedBytes={usedBytes} maxBucketSize={maxBucketSize} onUploaded={onUploaded} />
      )}
      <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={isRefreshing} onClick={onRefresh}>
        {t('documents.toolbar.refresh')}
      </Button>
      <Button variant="default" leftSection={<IconHelp size={16} aria-hidden />} onClick={onHelp}>
        {t('documents.toolbar.help')}
      </Button>
    </Group>
  );
}
