import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useImportHistory, useVerificationProgress } from '../api';

type Lines = { done: number; total: number };

const percentOf = (lines: Lines | null) => (lines && lines.total > 0 ? (100 * lines.done) / lines.total : 0);

/** A task at work, read aloud as it moves: what it is, a bar, and how far it is. */
function WorkBar({ title, label, percent }: { title: string; label: string; percent: number }) {
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{title}</Text>
      <Progress value={percent} aria-label={label} animated />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/**
 * A confirmation at work (issue 31 §1): the lines applied out of the lines to apply, as the
 * history tells them (asked again each second), under a bar.
 */
export function ImportProgress({ uai, importNumber }: { uai: string; importNumber: number }) {
  const { t } = useTranslation();
  const history = useImportHistory(uai, { watch: true });
  const progress = history.data?.find((entry) => entry.importNumber === importNumber)?.progress ?? null;
  const label = progress
    ? t('imports.progress.lines', { done: progress.done, total: progress.total })
    : t('imports.progress.starting');
  return <WorkBar title={t('imports.progress.title', { importNumber })} label={label} percent={percentOf(progress)} />;
}

/**
 * A verification at work (issue 31 §1): the file being read, then its lines checked against the
 * school out of the file's lines, as the server tells them (asked again each second).
 */
export function VerifyProgress({ uai }: { uai: string }) {
  const { t } = useTranslation();
  const { data } = useVerificationProgress(uai, true);
  const planning = data?.running && data.phase === 'plan' ? data : null;
  const label = planning
    ? t('imports.progress.verify_lines', { done: planning.done, total: planning.total })
    : t('imports.progress.reading');
  return <WorkBar title={t('imports.progress.verify_title')} label={label} percent={percentOf(planning)} />;
}
