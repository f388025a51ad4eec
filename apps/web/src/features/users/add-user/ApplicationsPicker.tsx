import type { SchoolApplication } from '@console/contract';
import { ApplicationIcon } from '../components/ApplicationIcon';
import { Checkbox, Fieldset, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ApplicationsPickerProps = {
  /** In their catalogue order. */
  offered: readonly SchoolApplication[];
  chosen: readonly number[];
  error?: string;
  onChange: (chosen: number[]) => void;
};

/** The applications of a new user, with their icons, in the catalogue's order. */
export function ApplicationsPicker({ offered, chosen, error, onChange }: ApplicationsPickerProps) {
  const { t } = useTranslation();
  const toggle = (id: number, isChecked: boolean) =>
    onChange(isChecked ? [...chosen, id] : chosen.filter((candidate) => candidate !== id));
  return (
    <Fieldset legend={t('users.add.applications')}>
      <ScrollArea.Autosize mah={320} type="auto">
        <Stack gap={8}>
          {offered.map((application) => (
            <Checkbox
              key={application.idApplication}
              checked={chosen.includes(application.idApplication)}
              onChange={(event) => toggle(application.idApplication, event.currentTarget.checked)}
              label={
                <Group gap={8} wrap="nowrap" component="span">
                  <ApplicationIcon name={application.name} picturePath={application.urls.picturePath} />
                  <span>{application.name}</span>
                </Group>
              }
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {offered.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('users.add.no_applications')}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.9" role="alert" mt="xs">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
