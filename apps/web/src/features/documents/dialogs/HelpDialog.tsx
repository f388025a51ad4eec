import { documents } from '@console/contract';
import { List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '#lib/format';

type HelpDialogProps = { isOpen: boolean; maxBucketSize: number; onClose: () => void };

/** The document manager's rules, in short: what may be sent, the store's capacity, who sees a document. */
export function HelpDialog({ isOpen, maxBucketSize, onClose }: HelpDialogProps) {
  const { t, i18n } = useTranslation();
  return (
    <Modal opened={isOpen} onClose={onClose} title={t('documents.help.title')} centered size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('documents.help.intro')}</Text>
        <List size="sm" spacing="xs">
          <List.Item>
            {t('documents.help.types', { max: formatFileSize(documents.STAFF_DOCUMENT_MAX_BYTES, i18n.language) })}
          </List.Item>
          <List.Item>{t('documents.help.capacity', { max: formatFileSize(maxBucketSize, i18n.language) })}</List.Item>
          <List.Item>{t('documents.help.schools')}</List.Item>
          <List.Item>{t('documents.help.users')}</List.Item>
          <List.Item>{t('documents.help.manage')}</List.Item>
        </List>
      </Stack>
    </Modal>
  );
}
