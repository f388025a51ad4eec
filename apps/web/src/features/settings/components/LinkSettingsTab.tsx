import { compareFrench, settings } from '@console/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditAndSave, type EditableField } from '#ui/EditAndSave';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';
import { useLinkSettings, useUpdateLinkSettings } from '../api';

/** What is wrong with a link setting's value (a message key), by the schema the server checks it with; null when it may be saved. */
function checkLinkValue(value: string): string | null {
  const checked = settings.linkSettingValueSchema.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? settings.INVALID_URL);
}

/**
 * The Tabuléo tab (spec 2 §2.4): every link setting, edited with the edit-and-save pattern, under
 * its label (`settings.links.<name>`; a setting the product does not know yet shows its name), in
 * French order.
 */
export function LinkSettingsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const linkSettings = useLinkSettings();
  const update = useUpdateLinkSettings();

  if (linkSettings.isPending) return <LoadingBlock />;
  if (linkSettings.isError) return <ErrorAlert />;

  const fields: EditableField[] = Object.entries(linkSettings.data)
    .map(([name, value]) => ({
      name,
      label: t(`settings.links.${name}`, { defaultValue: name }),
      value,
      validate: checkLinkValue,
    }))
    .sort((first, second) => compareFrench(first.label, second.label));
  if (fields.length === 0) return <Text>{t('settings.no_settings')}</Text>;

  return (
    <EditAndSave
      fields={fields}
      onSave={(changes) => update.mutateAsync(changes)}
      label={t('settings.tabs.tabuleo')}
      canEdit={canEdit}
    />
  );
}
