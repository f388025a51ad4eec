import { Alert, List, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResetResult } from '../hooks/useResetAll';

type ResetAllReportProps = { results: ResetResult[]; running: { done: number; total: number } | null; onClose: () => void };

/** Per school: '{uai} remis à zéro' or '{uai}: {error}'; the count while it runs. */
export function ResetAllReport({ results, running, onClose }: ResetAllReportProps) {
  const { t } = useTranslation();
  if (results.length === 0 && !running) return null;
  const hasFailure = results.some((result) => !result.isSuccess);
  return (
    <Alert
      color={hasFailure ? 'orange' : 'green'}
      variant="light"
      title={
        running
          ? t('global_monitoring.reset_all_running', { count: running.done, total: running.total })
          : t('global_monitoring.reset_report_title')
      }
      withCloseButton={!running}
      closeButtonLabel={t('global_monitoring.close_report')}
      onClose={onClose}
      role="status"
    >
      <List spacing={4} size="sm" center>
        {results.map((result) => (
          <List.Item
            key={result.uai}
            icon={
              <ThemeIcon size={18} radius="xl" color={result.isSuccess ? 'green.8' : 'red.9'} aria-hidden>
                {result.isSuccess ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            {result.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
