import { Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SchoolsMultiSelect } from '#features/schools/components/SchoolsMultiSelect';

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
  return (
    <Stack gap="xs">
      <Switch
        label={t('notifications.filters.all_schools')}
        checked={isAll}
        onChange={(event) => onChange({ isAll: event.currentTarget.checked, uais })}
      />
      {!isAll && (
        <SchoolsMultiSelect
          label={t('notifications.filters.schools')}
          description={uais.length === 0 ? t('notifications.filters.schools_none_hint') : undefined}
          placeholder={t('notifications.filters.schools_placeholder')}
          value={uais}
          onChange={(next) => onChange({ isAll, uais: next })}
          nothingFoundMessage={t('notifications.filters.schools_nothing_found')}
          maw={640}
        />
      )}
    </Stack>
  );
}
