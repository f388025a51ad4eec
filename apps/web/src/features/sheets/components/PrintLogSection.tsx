import type { sheets } from '@console/contract';
import { Center, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDateTime } from '#lib/format';
import { useUserPrints } from '../api';
import { LoadingIndicator } from '#ui/LoadingBlock';

/**
 * A user's print log (issue 17, beyond the spec): the last prints that held their sheet, newest
 * first: when, by whom, which sheets, in which language and mode, and for how many users.
 */
export function PrintLogSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const prints = useUserPrints(userId);

  return (
    <Stack gap="md">
      <Title order={3} fz="h4">
        {t('sheets.log.title')}
      </Title>
      {prints.isPending ? (
        <Center py="md">
          <LoadingIndicator size="sm" label={t('sheets.log.loading')} />
        </Center>
      ) : prints.isError ? (
        <Text c="red">{t('sheets.log.failed')}</Text>
      ) : prints.data.length === 0 ? (
        <Text c="dimmed">{t('sheets.log.empty')}</Text>
      ) : (
        <PrintLogTable prints={prints.data} />
      )}
    </Stack>
  );
}

function PrintLogTable({ prints }: { prints: readonly sheets.SheetPrint[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sheets.log.printed_at')}</Table.Th>
            <Table.Th>{t('sheets.log.printed_by')}</Table.Th>
            <Table.Th>{t('sheets.log.type')}</Table.Th>
            <Table.Th>{t('sheets.language')}</Table.Th>
            <Table.Th>{t('sheets.mode')}</Table.Th>
            <Table.Th>{t('sheets.log.user_count')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {prints.map((print) => (
            <Table.Tr key={print.id}>
              <Table.Td>{formatDateTime(print.printedAt, i18n.language)}</Table.Td>
              <Table.Td>{print.printedBy}</Table.Td>
              <Table.Td>{t(`sheets.types.${print.type}`)}</Table.Td>
              <Table.Td>{t(`sheets.languages.${print.lang}`)}</Table.Td>
              <Table.Td>{t(`sheets.modes.${print.mode}`)}</Table.Td>
              <Table.Td>{formatCount(print.userCount, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
