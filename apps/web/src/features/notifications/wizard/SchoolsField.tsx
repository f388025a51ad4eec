import { MultiSelect, Stack, Switch } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { userMessageOf } from '#lib/error-messages';
import { schoolOptionsFilter, schoolOptionsOf } from '#features/documents/dialogs/school-options';
import { useSchools } from '#features/schools/api';
import { ErrorAlert } from '#ui/ErrorAlert';

/** Options past this many are reached by typing: 2,000 schools would slow the dropdown down. */
const SCHOOL_OPTIONS_LIMIT = 50;

type SchoolsFieldProps = {
  isAll: boolean;
  uais: string[];
  onChange: (change: { isAll: boolean; uais: string[] }) => void;
};

/**
 * The schools a notification is for: every school the user reaches (the default), or those chosen
 * among them, searched as typed (the document manager's school search). The list loads when the
 * user turns from every school to a choice.
 */
export function SchoolsField({ isAll, uais, onChange }: SchoolsFieldProps) {
  const { t } = useTranslation();
  const schools = useSchools({ isEnabled: !isAll });
  const options = useMemo(() => schoolOptionsOf(schools.data ?? [], uais), [schools.data, uais]);
  return (
    <Stack gap="xs">
      <Switch
        label={t('notifications.filters.all_schools')}
        checked={isAll}
        onChange={(event) => onChange({ isAll: event.currentTarget.checked, uais })}
      />
      {!isAll && schools.isError && <ErrorAlert messageKey={userMessageOf(schools.error).key} />}
      {!isAll && !schools.isError && (
        <MultiSelect
          label={t('notifications.filters.schools')}
          description={uais.length === 0 ? t('notifications.filters.schools_none_hint') : undefined}
          placeholder={t('notifications.filters.schools_placeholder')}
          data={options}
          value={uais}
          onChange={(next) => onChange({ isAll, uais: next })}
          searchable
          clearable
          hidePickedOptions
          limit={SCHOOL_OPTIONS_LIMIT}
          filter={schoolOptionsFilter}
          disabled={schools.isPending}
          nothingFoundMessage={t('notifications.filters.schools_nothing_found')}
          comboboxProps={{ position: 'bottom-start' }}
          maw={640}
        />
      )}
    </Stack>
  );
}
