import { type imports } from '@console/contract';
import { Anchor, Button, FileInput, Group, Radio, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Where the product serves the usage notice and each mode's template (apps/web/public/imports/). */
export const IMPORT_NOTICE_URL = '/imports/notice.html';
export const templateUrlOf = (mode: imports.ImportMode) => `/imports/modele-${mode}.csv`;

type ImportFormProps = {
  /** The modes offered: teaching only with adminTabs (spec 3 §2.8). */
  modes: readonly imports.ImportMode[];
  isPending: boolean;
  onVerify: (file: File, mode: imports.ImportMode) => void;
};

/**
 * The import form (spec 3 §2.8): a CSV file (only .csv), the mode, Verify; links to the usage
 * notice and to the template of each mode offered. No file, or another kind, is said under the
 * file field before anything is sent (spec 3 §8).
 */
export function ImportForm({ modes, isPending, onVerify }: ImportFormProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<imports.ImportMode>('users_initial');
  const [fileError, setFileError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError(t('imports.file_required'));
    if (!/\.csv$/i.test(file.name)) return setFileError(t('imports.file_not_csv'));
    setFileError(null);
    onVerify(file, mode);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md" maw={640}>
        <FileInput
          label={t('imports.file')}
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setFileError(null);
          }}
          error={fileError}
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': t('imports.clear_file') }}
        />
        <Radio.Group label={t('imports.mode')} value={mode} onChange={(value) => setMode(value as imports.ImportMode)}>
          <Group mt="xs">
            {modes.map((option) => (
              <Radio key={option} value={option} label={t(`imports.modes.${option}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="space-between" align="center">
          <Button type="submit" loading={isPending}>
            {t('imports.verify')}
          </Button>
          <Group gap="md">
            <Anchor href={IMPORT_NOTICE_URL} target="_blank" rel="noopener" size="sm">
              {t('imports.notice')}
            </Anchor>
            {modes.map((option) => (
              <Anchor key={option} href={templateUrlOf(option)} download size="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconDownload size={14} aria-hidden />
                  {t('imports.template', { mode: t(`imports.modes.${option}`) })}
                </Group>
              </Anchor>
            ))}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('imports.hint')}
        </Text>
      </Stack>
    </form>
  );
}
