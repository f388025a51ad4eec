import type { documents } from '@console/contract';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconDotsVertical, IconDownload, IconEye, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

type RowMenuProps = {
  file: documents.Document;
  /** Whether the user may delete documents (FileManager at Ecriture). */
  canWrite: boolean;
  isPending: boolean;
  onRead: () => void;
  onDownload: () => void;
  onDetails: () => void;
  onDelete: () => void;
};

/**
 * A row's menu (spec 3 §2.7): read, download, details, delete (off, saying why, for a document the
 * user does not manage). A page holds a hundred rows: each menu is made on its first opening, its
 * button alone drawn until then.
 */
export function RowMenu(props: RowMenuProps) {
  const { t } = useTranslation();
  const [isMade, setIsMade] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      loading={props.isPending}
      aria-label={t('documents.row.actions', { name: props.file.name })}
      aria-haspopup="menu"
      onClick={isMade ? undefined : () => setIsMade(true)}
    >
      <IconDotsVertical size={16} aria-hidden />
    </ActionIcon>
  );
  return isMade ? <MadeRowMenu {...props} button={button} /> : button;
}

function MadeRowMenu({
  file,
  canWrite,
  onRead,
  onDownload,
  onDetails,
  onDelete,
  button,
}: RowMenuProps & { button: ReactElement }) {
  const { t } = useTranslation();
  const reasonId = useId();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={14} aria-hidden />} onClick={onRead}>
          {t('documents.row.read')}
        </Menu.Item>
        <Menu.Item leftSection={<IconDownload size={14} aria-hidden />} onClick={onDownload}>
          {t('documents.row.download')}
        </Menu.Item>
        <Menu.Item leftSection={<IconInfoCircle size={14} aria-hidden />} onClick={onDetails}>
          {t('documents.row.details')}
        </Menu.Item>
        {canWrite && (
          <Menu.Item
            color="red.9"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={!file.canManage}
            aria-describedby={file.canManage ? undefined : reasonId}
            onClick={onDelete}
          >
            {t('documents.row.delete')}
          </Menu.Item>
        )}
        {canWrite && !file.canManage && (
          <Text id={reasonId} size="xs" c="dimmed" px="sm" py={4} maw={240}>
            {t('documents.row.not_managed')}
          </Text>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
