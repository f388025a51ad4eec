import type { UserPage } from '@console/contract';
import { Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api';
import { formatFileSize } from '#lib/format';
import { useDocumentAddress } from '#features/documents/api';
import { webAddressOf } from '#lib/web-address';

type UserDocument = UserPage['documents'][number];

/**
 * The documents of a user (spec 3 §2.3): those assigned to the user, the user's school or every
 * school, with name and size. « Ouvrir » asks a short-lived address and opens it in a new tab,
 * where the browser shows it or downloads it.
 */
export function DocumentsSection({ documents }: { documents: readonly UserDocument[] }) {
  const { t, i18n } = useTranslation();
  const documentUrl = useDocumentAddress();

  const showFailure = (error?: unknown) =>
    notifications.show({
      color: 'red',
      // A document deleted or taken back since the page loaded answers 404.
      message:
        error instanceof ApiError && error.code === 'not_found'
          ? t('users.page.documents.not_found')
          : t('users.page.documents.open_failed'),
    });
  const handleOpen = (id: number) => {
    if (documentUrl.isPending) return;
    documentUrl.mutate(
      { id, disposition: 'inline' },
      {
        onSuccess: ({ url }) => {
          const address = webAddressOf(url);
          if (address) window.open(address, '_blank', 'noopener');
          else showFailure();
        },
        onError: showFailure,
      },
    );
  };

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
                      rightSection={<IconExternalLink size={14} aria-hidden />}
                      aria-label={t('users.page.documents.open_label', { name: file.name })}
                      loading={documentUrl.isPending && documentUrl.variables?.id === file.id}
                      onClick={() => handleOpen(file.id)}
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
    </Stack>
  );
}
