import { sheets, users } from '@console/contract';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The title of each sheet type, as the menu lists it. */
export const SHEET_TYPE_LABELS: Readonly<Record<sheets.SheetType, string>> = {
  deploy: 'sheets.types.deploy',
  supervisedEquipment: 'sheets.types.supervisedEquipment',
  personalEquipment: 'sheets.types.personalEquipment',
  epub: 'sheets.types.epub',
  labelBox: 'sheets.types.labelBox',
  labelFrame: 'sheets.types.labelFrame',
};

const LANGUAGE_LABELS: Readonly<Record<sheets.SheetLanguage, string>> = {
  fr: 'sheets.languages.fr',
  en: 'sheets.languages.en',
  es: 'sheets.languages.es',
};

const MODE_LABELS: Readonly<Record<sheets.SheetMode, string>> = {
  default: 'sheets.modes.default',
  unitary: 'sheets.modes.unitary',
  class: 'sheets.modes.class',
  level: 'sheets.modes.level',
};

const WARNING_KEYS: Readonly<Record<NonNullable<users.PdfMenuState['warning']>, string>> = {
  maximum: 'sheets.errors.maximum',
  unitary_maximum: 'sheets.errors.unitary_maximum',
};

export type SheetsChoice = { lang: sheets.SheetLanguage; option: sheets.SheetMode };

type SheetsDialogProps = {
  type: sheets.SheetType;
  /** How many users are selected: one sheet each. */
  count: number;
  /** How many of them hold no enabled access (their sheet of a type that prints accesses says so). */
  withoutAccess: number;
  onGenerate: (choice: SheetsChoice) => void;
  onClose: () => void;
};

/**
 * The choices of one PDF (spec 3 §2.2, §5, §9): the sheets' language (French unless told), the
 * mode, and how many users it draws, and, for sheets that print accesses, how many of them have
 * none (issue 31 §7: 1,000 imported pupils printed "Aucun accès" unawares); past the limits (`users.pdfMenuState`), a warning says why
 * Générer is off, as the server would refuse. Enter in a field generates, as Générer would.
 */
export function SheetsDialog({ type, count, withoutAccess, onGenerate, onClose }: SheetsDialogProps) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<sheets.SheetLanguage>('fr');
  const [option, setOption] = useState<sheets.SheetMode>(sheets.SHEET_MODES[0]);
  const state = users.pdfMenuState(count, option);
  const canGenerate = state.enabled && state.warning === null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canGenerate) onGenerate({ lang, option });
  };

  return (
    <Modal opened onClose={onClose} title={t(SHEET_TYPE_LABELS[type])} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('sheets.selected_count', { count })}</Text>
          {withoutAccess > 0 && sheets.SHEET_TYPES_WITH_ACCESSES.includes(type) && (
            <Alert color="orange" variant="light" role="status" icon={<IconAlertTriangle size={16} aria-hidden />}>
              {t('sheets.without_access', { count: withoutAccess, total: count })}
            </Alert>
          )}
          <NativeSelect
            data-autofocus
            label={t('sheets.language')}
            value={lang}
            data={sheets.SHEET_LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_LABELS[language]) }))}
            onChange={(event) => setLang(event.currentTarget.value as sheets.SheetLanguage)}
          />
          <NativeSelect
            label={t('sheets.mode')}
            value={option}
            data={sheets.SHEET_MODES.map((mode) => ({ value: mode, label: t(MODE_LABELS[mode]) }))}
            onChange={(event) => setOption(event.currentTarget.value as sheets.SheetMode)}
          />
          {state.warning !== null && (
            <Alert color="orange" icon={<IconAlertTriangle size={16} aria-hidden />}>
              {t(WARNING_KEYS[state.warning])}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('sheets.cancel')}
            </Button>
            <Button type="submit" disabled={!canGenerate}>
              {t('sheets.generate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
