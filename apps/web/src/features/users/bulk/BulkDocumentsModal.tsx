import { compareFrench, documents, toSearchKey, type School, type SchoolUser } from '@console/contract';
import { Center, Checkbox, ScrollArea, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { userMessageOf } from '#lib/error-messages';
import { formatFileSize } from '#lib/format';
import { useAssignDocumentUsers, useSchoolDocuments } from '../api';
import { idsOf } from './bulk-targets';
import { BulkModal } from './BulkModal';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingIndicator } from '#ui/LoadingBlock';
import { notifyFailure } from '#ui/notify-failure';

type DocumentAction = 'insert' | 'delete';

/** From this many documents the list gets a search box. */
export const DOCUMENT_SEARCH_FROM = 8;

type BulkDocumentsModalProps = { school: School; selected: readonly SchoolUser[]; onClose: () => void };

/**
 * Bulk documents (`PATCH /users/files`): assigns the ticked documents of the document manager to
 * the selected users, or takes them back. Confirm is off until a document is ticked, and past the
 * most one call takes.
 */
export function BulkDocumentsModal({ school, selected, onClose }: BulkDocumentsModalProps) {
  const { t, i18n } = useTranslation();
  const list = useSchoolDocuments(school.informations.uai);
  const assign = useAssignDocumentUsers();
  const [action, setAction] = useState<DocumentAction>('insert');
  const [chosen, setChosen] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const files = useMemo(
    () => [...(list.data?.files ?? [])].sort((first, second) => compareFrench(first.name, second.name)),
    [list.data],
  );
  const wanted = toSearchKey(search.trim());
  const visible = wanted === '' ? files : files.filter((file) => toSearchKey(file.name).includes(wanted));
  // Only documents still listed: the list may have loaded again since they were ticked.
  const arrayDocs = chosen.filter((id) => files.some((file) => file.id === id));
  const isTooMany = arrayDocs.length > documents.DOCUMENTS_PER_CALL_MAX;
  const canConfirm = selected.length > 0 && arrayDocs.length > 0 && !isTooMany;

  const toggle = (id: number, isChecked: boolean) =>
    setChosen((previous) => (isChecked ? [...previous, id] : previous.filter((candidate) => candidate !== id)));

  // The server names a refused document by a translation key (an unknown one); else its reason or code says why.
  const notifyAssignFailure = (error: unknown) => {
    const messages = error instanceof ApiError ? Object.values(error.fieldErrors).flat() : [];
    const known = messages.find((message) => message.includes('.') && i18n.exists(message));
    if (known) notifications.show({ color: 'red', message: t(known) });
    else notifyFailure(error, t);
  };

  const handleConfirm = () => {
    const count = selected.length;
    assign.mutate(
      { action, arrayDocs, arrayUsers: idsOf(selected) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message:
              action === 'insert'
                ? t('users.bulk.success.documents_insert', { count })
                : t('users.bulk.success.documents_delete', { count }),
          });
          onClose();
        },
        onError: notifyAssignFailure,
      },
    );
  };

  return (
    <BulkModal
      title={t('users.bulk.titles.files')}
      intro={t('users.bulk.selected_count', { count: selected.length })}
      canConfirm={canConfirm}
      isPending={assign.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    >
      <SegmentedControl
        aria-label={t('users.bulk.documents.action')}
        value={action}
        onChange={(next) => setAction(next as DocumentAction)}
        data={[
          { value: 'insert', label: t('users.bulk.documents.insert') },
          { value: 'delete', label: t('users.bulk.documents.delete') },
        ]}
      />
      {list.isPending && (
        <Center mih={80}>
          <LoadingIndicator size="sm" label={t('global.loading')} />
        </Center>
      )}
      {list.isError && <ErrorAlert messageKey={userMessageOf(list.error).key} />}
      {list.isSuccess && files.length === 0 && <Text c="dimmed">{t('users.bulk.documents.empty')}</Text>}
      {list.isSuccess && files.length > 0 && (
        <Stack gap="xs">
          {files.length >= DOCUMENT_SEARCH_FROM && (
            <TextInput
              label={t('users.bulk.documents.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              maxLength={255}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          )}
          <ScrollArea.Autosize mah={280} type="auto">
            <Stack gap={8} pr="sm" role="group" aria-label={t('users.bulk.documents.list')}>
              {visible.map((file) => (
                <Checkbox
                  key={file.id}
                  label={file.name}
                  description={formatFileSize(file.size, i18n.language)}
                  checked={chosen.includes(file.id)}
                  onChange={(event) => toggle(file.id, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          {visible.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('users.bulk.documents.no_match')}
            </Text>
          )}
          {files.length >= DOCUMENT_SEARCH_FROM && (
            <Text size="sm" role="status">
              {t('users.bulk.documents.chosen', { count: arrayDocs.length })}
            </Text>
          )}
          {isTooMany && (
            <Text size="sm" c="red.9" role="alert">
              {t('users.bulk.documents.too_many', { max: documents.DOCUMENTS_PER_CALL_MAX })}
            </Text>
          )}
        </Stack>
      )}
    </BulkModal>
  );
}
