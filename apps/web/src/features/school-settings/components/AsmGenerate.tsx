import { Button, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { reportedMessageOf } from '#lib/error-messages';
import { notifyFailure } from '#ui/notify-failure';
import { useAsmGeneration } from '../api';

type AsmGenerateProps = { uai: string; isOnline: boolean; canPush: boolean };

/**
 * 'Générer et envoyer' (beyond spec 2 §2.12): the school's ASM archive built from every pupil and
 * teacher and sent to the saved server in one step, on the server; the step it is at, then a
 * toast when it is sent or why it failed.
 */
export function AsmGenerate({ uai, isOnline, canPush }: AsmGenerateProps) {
  const { t } = useTranslation();
  const { report, start, isRunning } = useAsmGeneration(uai);
  const phase = report.data?.phase;
  // The toast is said once, when a run this view saw running ends.
  const seenRunning = useRef(false);
  useEffect(() => {
    const data = report.data;
    if (data?.phase === 'building' || data?.phase === 'sending') {
      seenRunning.current = true;
      return;
    }
    if (!data || !seenRunning.current) return;
    seenRunning.current = false;
    if (data.phase === 'done')
      notifications.show({ color: 'teal', message: t('school_settings.asm.pushed', { filename: data.filename }) });
    else {
      const { key, params } = reportedMessageOf(data.reason, data.params);
      notifications.show({ color: 'red', message: t(key, params) });
    }
  }, [report.data, t]);

  return (
    <Group gap="sm">
      <Button
        variant="light"
        onClick={() => start.mutate(undefined, { onError: (error) => notifyFailure(error, t) })}
        disabled={!isOnline || !canPush || isRunning}
      >
        {t('school_settings.asm.generate')}
      </Button>
      {isRunning && <Loader size="xs" aria-hidden />}
      {(phase === 'building' || phase === 'sending') && (
        <Text size="sm" role="status">
          {t(`school_settings.asm.generation.${phase}`, {
            pupils: report.data?.pupils ?? 0,
            teachers: report.data?.teachers ?? 0,
          })}
        </Text>
      )}
    </Group>
  );
}
