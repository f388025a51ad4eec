import type { SessionUser } from '@console/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentDropZone } from './DocumentDropZone';
import { UploadLines } from './UploadLines';
import { useDocumentUpload } from './useDocumentUpload';

type DocumentUploadButtonProps = { user: SessionUser; usedBytes: number; maxBucketSize: number; onUploaded: () => void };

/**
 * 'Envoyer des fichiers' (spec 3 §5 'File upload'): a dialog where files are dropped or picked,
 * checked, sent one after another with their progress, then registered for the user's school;
 * `onUploaded` once some are. While files travel, only 'Annuler' closes it (the transfer aborted).
 */
export function DocumentUploadButton(props: DocumentUploadButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const upload = useDocumentUpload(props);
  const isRunning = upload.phase !== 'idle';

  const close = () => {
    if (isRunning) upload.cancel();
    upload.clear();
    setIsOpen(false);
  };

  return (
    <>
      <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setIsOpen(true)}>
        {t('documents.upload.open')}
      </Button>
      <Modal
        opened={isOpen}
        onClose={close}
        title={t('documents.upload.title')}
        size="lg"
        centered
        closeOnClickOutside={!isRunning}
        closeOnEscape={!isRunning}
        withCloseButton={!isRunning}
      >
        {/* A file dropped beside the zone is not opened by the browser in place of the console. */}
        <Stack gap="md" onDragOver={(event) => event.preventDefault()} onDrop={(event) => event.preventDefault()}>
          <DocumentDropZone
            isAdministrator={props.user.profile === 'Administrateur'}
            disabled={isRunning}
            onChosen={(files, folders) => void upload.start(files, folders)}
          />
          <UploadLines lines={upload.lines} />
          {upload.phase === 'registering' && (
            <Text size="sm" role="status">
              {t('documents.upload.registering')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {isRunning ? t('documents.upload.cancel') : t('documents.upload.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
