import type { schoolSettings } from '@console/contract';
import { Accordion, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditAndSave } from '#ui/EditAndSave';
import { useUpdateSchoolParams } from '../api';
import { defaultApplicationFields, defaultApplicationsUpdateOf } from '../default-application-fields';
import { platformUpdateOf, schoolPlatformFields } from '../platform-fields';

type PlatformsTabProps = { uai: string; params: schoolSettings.SchoolParams; canEdit: boolean };

/**
 * The school's platform cards (spec 2 §2.10), by the catalogue's order: each with its codes
 * (individual, in the URL scheme, common) and its linked switches, saved one platform at a time;
 * then the card of the applications an import gives new pupils and teachers.
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
        {params.applicationChoices.length > 0 && (
          <Accordion.Item value="default-applications">
            <Accordion.Control>
              <Text fw={600}>{t('school_settings.defaults.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('school_settings.defaults.summary', {
                  pupils: params.defaultApplications.Eleve.length,
                  teachers: params.defaultApplications.Enseignant.length,
                })}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <Text size="sm">{t('school_settings.defaults.intro')}</Text>
                <EditAndSave
                  fields={defaultApplicationFields(t, params)}
                  onSave={(changes) => update.mutateAsync(defaultApplicationsUpdateOf(params, changes))}
                  label={t('school_settings.defaults.title')}
                  canEdit={canEdit}
                  successMessage={() => t('school_settings.defaults.saved')}
                />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        )}
      </Accordion>
    </Stack>
  );
}
