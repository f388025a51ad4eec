import { CONVERSIONS, DEFAULT_LOGIN_STRUCTURE, settings } from '@console/contract';
import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EditAndSave, type EditableField } from '#ui/EditAndSave';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';
import { useRegexSettings, useUpdateRegexSettings } from '../api';
import { fieldLabel, settingsFrom } from '../regex-fields';
import { NameRulesTester } from '#ui/NameRulesTester';

function fieldsOf(t: TFunction, list: settings.RegexSettings): EditableField[] {
  const conversions = CONVERSIONS.map((conversion) => ({
    value: conversion,
    label: t(`settings.regex.conversions.${conversion}`),
  }));
  return list.flatMap((setting) => {
    const group = fieldLabel(t, setting.fieldName);
    return [
      {
        name: `${setting.fieldName}.regexStructure`,
        group,
        label: t('settings.regex.structure'),
        value: setting.regexStructure,
        placeholder: setting.fieldName === 'login' ? DEFAULT_LOGIN_STRUCTURE : undefined,
        validate: (value: string) => settings.structureProblem(setting.fieldName, value.trim()),
      },
      {
        name: `${setting.fieldName}.regexSpecial`,
        group,
        label: t('settings.regex.special'),
        value: setting.regexSpecial,
        validate: (value: string) => (value.length > settings.REGEX_SPECIAL_MAX_LENGTH ? settings.SPECIAL_TOO_LONG : null),
      },
      {
        name: `${setting.fieldName}.regexConversion`,
        group,
        label: t('settings.regex.conversion'),
        value: setting.regexConversion,
        choices: conversions,
      },
    ];
  });
}

/**
 * The Regex tab (spec 2 §2.5): each name field's structure, special characters and conversion,
 * edited with the edit-and-save pattern and saved as one list; the login's empty structure
 * stands for the default pattern, its placeholder. Under it, a tester shows what the rules as
 * they stand (changes included) make of sample names.
 */
export function RegexSettingsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const regexSettings = useRegexSettings();
  const update = useUpdateRegexSettings();

  if (regexSettings.isPending) return <LoadingBlock />;
  if (regexSettings.isError) return <ErrorAlert />;
  const saved = regexSettings.data;
  if (saved.length === 0) return <Text>{t('settings.no_settings')}</Text>;

  return (
    <Stack gap="lg">
      <Text size="sm" maw={760}>
        {t('settings.regex.intro')}
      </Text>
      <EditAndSave
        fields={fieldsOf(t, saved)}
        onSave={(changes) => update.mutateAsync(settingsFrom(saved, changes))}
        label={t('settings.tabs.regex')}
        canEdit={canEdit}
        renderBelow={(values) => <NameRulesTester rules={settingsFrom(saved, values)} />}
      />
    </Stack>
  );
}
