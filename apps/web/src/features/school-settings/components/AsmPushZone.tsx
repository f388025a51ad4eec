import { schoolSettings } from '@console/contract';
import { Box, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '#ui/notify-failure';
import { usePushAsmArchive } from '../api';
import { AsmGenerate } from './AsmGenerate';

/** Whether a file is a zip as the picker takes them: its type, or its name when the system gives no type. */
function isZip(file: File): boolean {
  return (
    ['application/zip', 'application/x-zip-compressed'].includes(file.type) || (file.type === '' && /\.zip$/i.test(file.name))
  );
}

type AsmPushZoneProps = { uai: string; isOnline: boolean; canPush: boolean };

/**
 * The zip's drop zone (spec 2 §2.12): dimmed and disabled unless the saved server answers; a zip
 * dropped or picked, then sent to the saved server. Only a zip is taken; sending without one
 * says 'Aucun fichier n'a été sélectionné.'. The server checks the archive before it leaves.
 * Beside it, 'Générer et envoyer' builds the school's archive and sends it (`AsmGenerate`).
 */
export function AsmPushZone({ uai, isOnline, canPush }: AsmPushZoneProps) {
  const { t } = useTranslation();
  const push = usePushAsmArchive(uai);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isDisabled = !isOnline || !canPush || push.isPending;

  const choose = (chosen: File | null) => {
    if (chosen && !isZip(chosen)) {
      setFile(null);
      setError(t('school_settings.asm.errors.zip_only'));
      return;
    }
    setFile(chosen);
    setError(null);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!isDisabled) choose(event.dataTransfer.files[0] ?? null);
  };
  const send = async () => {
    if (!file) {
      setError(t(schoolSettings.NO_FILE_CHOSEN));
      return;
    }
    try {
      const { filename } = await push.mutateAsync(file);
      notifications.show({ color: 'teal', message: t('school_settings.asm.pushed', { filename }) });
      setFile(null);
    } catch (failure) {
      notifyFailure(failure, t);
    }
  };

  return (
    <Paper withBorder p="md" style={{ opacity: isDisabled && !push.isPending ? 0.5 : 1 }}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('school_settings.asm.push_title')}
        </Title>
        <Box onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
          <Group align="flex-end">
            <FileInput
              label={t('school_settings.asm.zip')}
              description={t('school_settings.asm.drop')}
              accept="application/zip,.zip"
              value={file}
              onChange={choose}
              error={error}
              disabled={isDisabled}
              clearable
              style={{ flex: 1 }}
            />
            <Button onClick={() => void send()} disabled={isDisabled} loading={push.isPending}>
              {t('school_settings.asm.send')}
            </Button>
          </Group>
        </Box>
        <AsmGenerate uai={uai} isOnline={isOnline} canPush={canPush} />
        {!isOnline && (
          <Text size="sm" c="dimmed">
            {t('school_settings.asm.offline_hint')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
