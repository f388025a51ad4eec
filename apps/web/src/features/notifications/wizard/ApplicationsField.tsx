import { MultiSelect, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplicationSettings } from '#features/settings/api';

type ApplicationsFieldProps = {
  /** Whether the user may read the applications catalogue (Config): without it, every application. */
  canReadCatalogue: boolean;
  applicationIds: string[];
  onChange: (applicationIds: string[]) => void;
};

/** The applications a notification's users must have an access to: those chosen in the catalogue, none for every one. */
export function ApplicationsField({ canReadCatalogue, applicationIds, onChange }: ApplicationsFieldProps) {
  const { t } = useTranslation();
  const catalogue = useApplicationSettings({ isEnabled: canReadCatalogue });
  const options = useMemo(
    () => (catalogue.data ?? []).map((application) => ({ value: String(application.idApplication), label: application.name })),
    [catalogue.data],
  );
  if (!canReadCatalogue)
    return (
      <Text size="sm" c="dimmed">
        {t('notifications.filters.applications_unavailable')}
      </Text>
    );
  if (catalogue.isError)
    return (
      <Text size="sm" c="dimmed">
        {t('notifications.filters.applications_failed')}
      </Text>
    );
  return (
    <MultiSelect
      label={t('notifications.filters.applications')}
      description={t('notifications.filters.applications_hint')}
      placeholder={t('notifications.filters.applications_placeholder')}
      data={options}
      value={applicationIds}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      disabled={catalogue.isPending}
      nothingFoundMessage={t('notifications.filters.applications_nothing_found')}
      comboboxProps={{ position: 'bottom-start' }}
      maw={640}
    />
  );
}
