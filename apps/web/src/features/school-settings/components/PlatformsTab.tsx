import type { schoolSettings } from '@console/contract';
import { Accordion, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditAndSave } from '#ui/EditAndSave';
import { useUpdateSchoolParams } from '../api';
import { platformUpdateOf, schoolPlatformFields } from '../platform-fields';

type PlatformsTabProps = { uai: string; params: schoolSettings.SchoolParams; canEdit: boolean };

/**
 * The school's platform cards (spec 2 §2.10), by the catalogue's order: each with its codes
 * (individual, in the URL scheme, common) and its linked switches, saved one platform at a time.
 */
export function PlatformsTab({ uai, params, canEdit }: PlatformsTabProps) {
  const { t } = useTranslation();
  const update = useUpdateSchoolParams(uai);
  if (params.platforms.length === 0) return <Text>{t('school_settings.platforms.none')}</Text>;
  return (
    <Stack gap="md" maw={800}>
      <Text size="sm">{t('school_settings.platforms.intro')}</Text>
      <Accordion variant="separated">
        {params.platforms.map((platform) => (
          <Accordion.Item key={platform.platformId} value={platform.platformId}>
            <Accordion.Control>
              <Text fw={600}>{platform.platformName}</Text>
              <Text size="sm" c="dimmed">
                {platform.platformId}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <EditAndSave
                fields={schoolPlatformFields(t, platform)}
                onSave={(changes) => update.mutateAsync(platformUpdateOf(platform.platformId, changes))}
                label={t('school_settings.platforms.form', { name: platform.platformName })}
                canEdit={canEdit}
                successMessage={() => t('school_settings.platforms.saved', { name: platform.platformName })}
              />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
