import { Progress, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '#lib/format';

type SendingProgressProps = { sent: number; total: number; isDone: boolean };

/** The share of the tokens tried, in whole percent (a send over no token is whole once done). */
export function sentPercentOf(sent: number, total: number, isDone: boolean): number {
  if (total <= 0) return isDone ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((sent / total) * 100)));
}

/**
 * A send's progress (spec 3 §2.5 step 3): a bar named 'Envoi des notifications' whose value is
 * the share of tokens tried, and 'sent / total' beside it, as the progress events report them.
 */
export function SendingProgress({ sent, total, isDone }: SendingProgressProps) {
  const { t, i18n } = useTranslation();
  const textId = useId();
  const percent = sentPercentOf(sent, total, isDone);
  const counts = t('notifications.sending.count', {
    sent: formatCount(sent, i18n.language),
    total: formatCount(total, i18n.language),
  });
  return (
    <Stack gap={4} maw={480}>
      <Progress.Root size="lg">
        <Progress.Section
          value={percent}
          color={isDone ? 'teal.9' : undefined}
          animated={!isDone}
          // Mantine's own attributes would read '40%'; the text says how many of how many.
          withAria={false}
          role="progressbar"
          aria-label={t('notifications.sending.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={counts}
          aria-describedby={textId}
        />
      </Progress.Root>
      <Text id={textId} size="sm">
        {counts}
      </Text>
    </Stack>
  );
}
