import type { schoolSettings } from '@console/contract';
import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/format';
import { notifyFailure } from '#ui/notify-failure';
import { downloadAsmArchive } from '../api';

/**
 * The files sent to the school's server, newest first (spec 2 §2.12): a click on a kept one
 * downloads it; 'Aucun fichier envoyé.' when none.
 */
export function AsmHistory({ uai, history }: { uai: string; history: schoolSettings.AsmHistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="h4" mb="sm">
        {t('school_settings.asm.history')}
      </Title>
      {history.length === 0 ? (
        <Text c="dimmed">{t('school_settings.asm.no_history')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('school_settings.asm.filename')}</Table.Th>
              <Table.Th>{t('school_settings.asm.pushed_at')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  {entry.kept ? (
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() =>
                        void downloadAsmArchive(uai, entry.id, entry.filename).catch((error: unknown) => notifyFailure(error, t))
                      }
                    >
                      {entry.filename}
                    </Anchor>
                  ) : (
                    <Text span title={t('school_settings.asm.not_kept')}>
                      {entry.filename}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDateTime(entry.pushedAt, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
