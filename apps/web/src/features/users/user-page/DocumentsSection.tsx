import type { UserPage } from '@console/contract';
import { Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '#lib/format';
import { useDocumentFile } from '#features/documents/hooks/useDocumentFile';
import { DocumentPreviewDialog } from '#features/documents/preview/DocumentPreviewDialog';

type UserDocument = UserPage['documents'][number];

const USER_PAGE_MESSAGES = { notFound: 'users.page.documents.not_found', failed: 'users.page.documents.open_failed' };

/**
 * The documents of a user (spec 3 §2.3): those assigned to the user, the user's school or every
 * school, with name and size. « Ouvrir » shows it in the preview (an EPUB in the reader, a PDF
 * in the browser's viewer), from which it can be downloaded.
 */
export function DocumentsSection({ documents }: { documents: readonly UserDocument[] }) {
  const { t, i18n } = useTranslation();
  const documentFile = useDocumentFile(USER_PAGE_MESSAGES);

  return (
    <Stack gap="md">
      <Title order={3} fz="h4">
        {t('users.page.sections.documents')}
      </Title>
      {documents.length === 0 ? (
        <Text c="dimmed">{t('user.documents.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.page.documents.name')}</Table.Th>
                <Table.Th>{t('users.page.documents.size')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('users.page.documents.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{file.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFileSize(file.size, i18n.language)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      variant="light"
                      size="xs"
                      rightSection={<IconEye size={14} aria-hidden />}
                      aria-label={t('users.page.documents.open_label', { name: file.name })}
                      loading={documentFile.pendingId === file.id}
                      onClick={() => documentFile.read(file)}
                    >
                      {t('users.page.documents.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
