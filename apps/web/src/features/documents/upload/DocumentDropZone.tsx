import { documents } from '@console/contract';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sortDropped } from './dropped-files';

type DocumentDropZoneProps = {
  isAdministrator: boolean;
  disabled: boolean;
  /** The files dropped or picked, and the names of the folders dropped with them. */
  onChosen: (files: File[], folders: string[]) => void;
};

/**
 * Where files are dropped, or picked with 'Choisir des fichiers' (several at once; PDFs only in
 * the picker for a profile other than Administrateur, as the upload rules allow no other type).
 */
export function DocumentDropZone({ isAdministrator, disabled, onChosen }: DocumentDropZoneProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    setIsOver(!disabled);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    if (disabled) return;
    void sortDropped(event.dataTransfer).then(({ files, folders }) => {
      if (files.length > 0 || folders.length > 0) onChosen(files, folders);
    });
  };

  return (
    <Paper
      withBorder
      p="lg"
      onDragOver={onDragOver}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      bg={isOver ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ borderStyle: 'dashed', borderWidth: 2, opacity: disabled ? 0.6 : 1 }}
      aria-label={t('documents.upload.drop_zone')}
      role="group"
    >
      <Stack align="center" gap="xs">
        <IconUpload size={32} stroke={1.5} aria-hidden />
        <Text ta="center">{t('documents.upload.drop_here')}</Text>
        {!isAdministrator && (
          <Text size="sm" c="dimmed" ta="center">
            {t('documents.upload.staff_rules')}
          </Text>
        )}
        <Button variant="light" disabled={disabled} onClick={() => input.current?.click()}>
          {t('documents.upload.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          accept={isAdministrator ? undefined : documents.STAFF_DOCUMENT_TYPE}
          onChange={(event) => {
            const chosen = Array.from(event.currentTarget.files ?? []);
            // Emptied, so that choosing the same files again is a change too.
            event.currentTarget.value = '';
            if (chosen.length > 0) onChosen(chosen, []);
          }}
        />
      </Stack>
    </Paper>
  );
}
