import { Progress, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '#lib/format';

type SendingProgressProps = {
  sent: number;
  total: number;
  isDone: boolean;
  /** The bar's accessible name ('Envoi des notifications'). */
  label: string;
  maw?: number;
};

/** The share of the tokens tried, in whole percent (a send over no token is whole once done). */
export function sentPercentOf(sent: number, total: number, isDone: boolean): number {
  if (total <= 0) return isDone ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((sent / total) * 100)));
}

/**
 * A send's progress (the notifications' wizard and the bulk menu's notification, spec 3 §2.5 step
 * 3): a bar named `label` whose value is the share of the items sent, and 'sent / total' beside it.
 */
export function SendingProgress({ sent, total, isDone, label, maw }: SendingProgressProps) {
  const { i18n } = useTranslation();
  const textId = useId();
  const percent = sentPercentOf(sent, total, isDone);
  const counts = `${formatCount(sent, i18n.language)} / ${formatCount(total, i18n.language)}`;
  return (
    <Stack gap={4} maw={maw}>
      <Progress.Root size="lg">
        <Progress.Section
          value={percent}
          color={isDone ? 'teal.9' : undefined}
          animated={!isDone}
          // Mantine's own attributes would read '40%'; the text says how many of how many.
          withAria={false}
          role="progressbar"
          aria-label={label}
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
