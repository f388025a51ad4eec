import type { imports } from '@console/contract';
import { Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/format';
import { notifyFailure } from '#ui/notify-failure';
import { ErrorAlert } from '#ui/ErrorAlert';
import { useImportHistory, useRollBackImport } from '../api';

/** Shades whose text keeps a 4.5:1 contrast on the table's rows, striped ones too (outlined: no tint behind the text). */
const STATUS_COLORS: Record<imports.ImportStatus, string> = {
  verified: 'gray.7',
  applying: 'ocean.9',
  applied: 'teal.9',
  cancelled: 'gray.7',
  rolled_back: 'red.9',
};

/** What an import did, in a few words: "12 créés, 3 modifiés". */
function CountsOf({ entry }: { entry: imports.ImportHistoryEntry }) {
  const { t } = useTranslation();
  if (!entry.counts) return <>—</>;
  const parts = (['created', 'updated', 'teaching', 'excluded'] as const)
    .filter((key) => entry.counts![key] > 0)
    .map((key) => t(`imports.history.counts.${key}`, { count: entry.counts![key] }));
  return <>{parts.join(', ') || t('imports.history.counts.none')}</>;
}

type ImportHistoryProps = { uai: string; onShowUsers: (importNumber: number) => void };

/**
 * The school's imports, newest first (issue 15): number, date, author, mode, what each did and
 * its status; an applied one shows its users, and its author may roll it back for 7 days, after
 * a confirmation saying what that removes and restores.
 */
export function ImportHistory({ uai, onShowUsers }: ImportHistoryProps) {
  const { t, i18n } = useTranslation();
  const history = useImportHistory(uai);
  const rollBack = useRollBackImport(uai);
  const [confirming, setConfirming] = useState<imports.ImportHistoryEntry | null>(null);

  const handleRollBack = () => {
    if (!confirming) return;
    rollBack.mutate(confirming.importNumber, {
      onSuccess: (entry) =>
        notifications.show({ color: 'green', message: t('imports.history.rolled_back', { importNumber: entry.importNumber }) }),
      onError: (error) => notifyFailure(error, t),
      onSettled: () => setConfirming(null),
    });
  };

  if (history.isError) return <ErrorAlert />;
  if (history.isPending) return null;
  const entries = history.data;
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('imports.history.title')}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('imports.history.empty')}
        </Text>
      ) : (
        <ScrollArea>
          <Table striped withTableBorder fz="sm" aria-label={t('imports.history.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('imports.history.number')}</Table.Th>
                <Table.Th scope="col">{t('imports.history.date')}</Table.Th>
                <Table.Th scope="col">{t('imports.history.author')}</Table.Th>
                <Table.Th scope="col">{t('imports.mode')}</Table.Th>
                <Table.Th scope="col">{t('imports.history.result')}</Table.Th>
                <Table.Th scope="col">{t('imports.history.status')}</Table.Th>
                <Table.Th scope="col">{t('imports.history.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.importNumber}>
                  <Table.Th scope="row">{entry.importNumber}</Table.Th>
                  <Table.Td>{formatDateTime(entry.decidedAt ?? entry.createdAt, i18n.language)}</Table.Td>
                  <Table.Td>{entry.createdBy}</Table.Td>
                  <Table.Td>{t(`imports.modes.${entry.mode}`)}</Table.Td>
                  <Table.Td>
                    <CountsOf entry={entry} />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color={STATUS_COLORS[entry.status]} tt="none">
                      {t(`imports.history.statuses.${entry.status}`)}
                    </Badge>
                    {entry.progress && (
                      <Text size="xs" c="dimmed" mt={2}>
                        {t('imports.progress.lines', { done: entry.progress.done, total: entry.progress.total })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {entry.status === 'applied' && entry.mode !== 'teaching' && (
                        <Button size="compact-sm" variant="subtle" onClick={() => onShowUsers(entry.importNumber)}>
                          {t('imports.history.show_users')}
                        </Button>
                      )}
                      {entry.canRollBack && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red.9"
                          aria-label={t('imports.history.roll_back_number', { importNumber: entry.importNumber })}
                          onClick={() => setConfirming(entry)}
                        >
                          {t('imports.history.roll_back')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('imports.history.confirm_title', { importNumber: confirming?.importNumber ?? '' })}
      >
        <Stack gap="md">
          <Text size="sm">
            {t('imports.history.confirm_text', {
              created: confirming?.counts?.created ?? 0,
              updated: confirming?.counts?.updated ?? 0,
              teaching: confirming?.counts?.teaching ?? 0,
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={rollBack.isPending}>
              {t('imports.cancel')}
            </Button>
            <Button color="red.9" onClick={handleRollBack} loading={rollBack.isPending}>
              {t('imports.history.roll_back')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
