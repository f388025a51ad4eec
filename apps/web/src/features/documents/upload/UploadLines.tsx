import { Group, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '#lib/format';
import type { UploadLine } from './upload-rules';

/** The batch's files, each with its size and where it stands: waiting, sending (a bar), sent, or refused and why. */
export function UploadLines({ lines }: { lines: readonly UploadLine[] }) {
  const { t, i18n } = useTranslation();
  if (lines.length === 0) return null;
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Stack component="ul" gap="sm" m={0} p={0} pr="sm" style={{ listStyle: 'none' }} aria-label={t('documents.upload.list')}>
        {lines.map((line) => (
          <li key={line.id} aria-label={line.name}>
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm" truncate="end" title={line.name}>
                {line.name}
              </Text>
              {line.size !== null && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatFileSize(line.size, i18n.language)}
                </Text>
              )}
            </Group>
            <LineStatus line={line} />
          </li>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function LineStatus({ line }: { line: UploadLine }) {
  const { t } = useTranslation();
  const { state } = line;
  switch (state.kind) {
    case 'waiting':
      return (
        <Text size="xs" c="dimmed">
          {t('documents.upload.state.waiting')}
        </Text>
      );
    case 'sending':
      return (
        <Stack gap={4} mt={4}>
          <Progress value={state.percent} size="sm" aria-label={t('documents.upload.progress', { name: line.name })} />
          <Text size="xs">{t('documents.upload.state.sending', { percent: state.percent })}</Text>
        </Stack>
      );
    case 'sent':
      return (
        <Text size="xs" c="teal.9">
          {t('documents.upload.state.sent')}
        </Text>
      );
    case 'refused':
      return (
        <Text size="xs" c="red.9">
          {t('documents.upload.state.refused', { reason: t(state.reason) })}
        </Text>
      );
  }
}
