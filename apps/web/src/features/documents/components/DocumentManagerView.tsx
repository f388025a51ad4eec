import type { documents, SessionUser } from '@console/contract';
import { Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { userMessageOf } from '#lib/error-messages';
import { useDocuments, useDownloadArchive, useRefreshDocuments } from '../api';
import { filterDocuments, nextSort, sortDocuments, type DocumentSort, type SortColumn } from '../document-sort';
import { notifyDocumentsFailure } from '../documents-failure';
import { AssignSchoolsDialog } from '../dialogs/AssignSchoolsDialog';
import { DeleteDocumentsDialog } from '../dialogs/DeleteDocumentsDialog';
import { DetailsDialog } from '../dialogs/DetailsDialog';
import { HelpDialog } from '../dialogs/HelpDialog';
import { useDocumentFile } from '../hooks/useDocumentFile';
import { useDocumentSelection } from '../hooks/useDocumentSelection';
import { DocumentPreviewDialog } from '../preview/DocumentPreviewDialog';
import { DocumentsTable } from '../table/DocumentsTable';
import type { RowActions } from '../table/DocumentRow';
import { ManagerToolbar } from './ManagerToolbar';
import { SelectionToolbar } from './SelectionToolbar';
import { StorageUsage } from './StorageUsage';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';

const NO_DOCUMENTS: readonly documents.Document[] = [];

/** The dialog open over the view, if any. */
type OpenDialog =
  | { kind: 'help' }
  | { kind: 'details'; file: documents.Document }
  | { kind: 'delete'; files: readonly documents.Document[] }
  | { kind: 'assign'; files: readonly documents.Document[] };

/**
 * The document manager (spec 3 §2.7), right FileManager: the documents the user sees in every
 * school it reaches, searched by name and sorted by a column, the store's use, and what to do
 * with one document (its menu) or the ticked ones (the selection's toolbar). Sending, assigning
 * and deleting need FileManager at Ecriture; an Administrateur sees the documents' schools.
 */
export function DocumentManagerView({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const list = useDocuments();
  const refresh = useRefreshDocuments();
  const zip = useDownloadArchive();
  const documentFile = useDocumentFile();
  const isAdministrator = user.profile === 'Administrateur';
  const canWrite = can(user, 'FileManager', 'Ecriture');
  const files = list.data?.files ?? NO_DOCUMENTS;
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<DocumentSort>(null);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const selection = useDocumentSelection(files);
  const matching = useMemo(() => filterDocuments(files, deferredSearch), [files, deferredSearch]);
  const rows = useMemo(() => sortDocuments(matching, sort), [matching, sort]);

  // The selection holds only the rows the search shows, so that an action never reaches a hidden one.
  const handleSearchChange = (value: string) => {
    setSearch(value);
    setPage(1);
    selection.keepOnly(filterDocuments(files, value).map((kept) => kept.id));
  };
  const handleSort = (column: SortColumn) => {
    setSort((current) => nextSort(current, column));
    setPage(1);
  };
  const handleZip = () =>
    zip.mutate(
      selection.selected.map((selected) => selected.id),
      { onError: (error) => notifyDocumentsFailure(error, t, i18n) },
    );
  const closeDialog = () => setDialog(null);

  const actions: RowActions = {
    onToggle: selection.toggle,
    onRead: documentFile.read,
    onDownload: documentFile.download,
    onDetails: (chosen) => setDialog({ kind: 'details', file: chosen }),
    onDelete: (chosen) => setDialog({ kind: 'delete', files: [chosen] }),
  };

  const title = (
    <Title order={1} fz="h2">
      {t('views.titles.document_manager')}
    </Title>
  );
  if (list.isPending)
    return (
      <Stack gap="lg">
        {title}
        <LoadingBlock />
      </Stack>
    );
  if (list.isError)
    return (
      <Stack gap="lg">
        {title}
        <ErrorAlert messageKey={userMessageOf(list.error).key} />
      </Stack>
    );

  const { usedBytes, maxBucketSize } = list.data;
  return (
    <Stack gap="md">
      {title}
      <ManagerToolbar
        user={user}
        canWrite={canWrite}
        usedBytes={usedBytes}
        maxBucketSize={maxBucketSize}
        isRefreshing={list.isFetching}
        onRefresh={() => void refresh()}
        onUploaded={() => void refresh()}
        onHelp={() => setDialog({ kind: 'help' })}
      />
      <StorageUsage usedBytes={usedBytes} maxBytes={maxBucketSize} />
      <TextInput
        label={t('documents.search.label')}
        placeholder={t('documents.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={255}
        maw={420}
        onChange={(event) => handleSearchChange(event.currentTarget.value)}
      />
      {selection.selected.length > 0 && (
        <SelectionToolbar
          selected={selection.selected}
          canWrite={canWrite}
          isZipping={zip.isPending}
          onAssign={() => setDialog({ kind: 'assign', files: selection.selected })}
          onZip={handleZip}
          onDelete={() => setDialog({ kind: 'delete', files: selection.selected })}
          onClear={selection.clear}
        />
      )}
      {files.length === 0 && <Text c="dimmed">{t('documents.table.empty')}</Text>}
      {files.length > 0 && rows.length === 0 && <Text c="dimmed">{t('documents.table.no_match')}</Text>}
      {rows.length > 0 && (
        <DocumentsTable
          rows={rows}
          page={page}
          onPageChange={setPage}
          sort={sort}
          onSort={handleSort}
          isSelected={selection.isSelected}
          onSelectRows={selection.setMany}
          withSchools={isAdministrator}
          canWrite={canWrite}
          pendingId={documentFile.pendingId}
          actions={actions}
        />
      )}
      <HelpDialog isOpen={dialog?.kind === 'help'} maxBucketSize={maxBucketSize} onClose={closeDialog} />
      <DetailsDialog file={dialog?.kind === 'details' ? dialog.file : null} withSchools={isAdministrator} onClose={closeDialog} />
      <DeleteDocumentsDialog
        files={dialog?.kind === 'delete' ? dialog.files : NO_DOCUMENTS}
        onDeleted={(ids) => selection.setMany(ids, false)}
        onClose={closeDialog}
      />
      {dialog?.kind === 'assign' && (
        <AssignSchoolsDialog files={dialog.files} isAdministrator={isAdministrator} onClose={closeDialog} />
      )}
      <DocumentPreviewDialog
        preview={documentFile.preview}
        onClose={documentFile.closePreview}
        onDownload={documentFile.download}
        downloading={documentFile.pendingId !== null}
      />
    </Stack>
  );
}
