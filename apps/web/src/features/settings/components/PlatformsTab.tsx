import type { settings } from '@console/contract';
import { Accordion, Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../../lib/uploads';
import { EditAndSave } from '../../../ui/EditAndSave';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { LoadingBlock } from '../../../ui/LoadingBlock';
import { usePlatformSettings, useSavePlatformSetting } from '../api';
import { newPlatformValues, platformFields, platformFrom } from '../platform-fields';

type PlatformFormProps = {
  platform: settings.PlatformSetting;
  catalogue: readonly settings.PlatformSetting[];
  isNew?: boolean;
  canEdit: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
};

/** One platform's edit-and-save form; a new one starts in edit mode with its id editable. */
function PlatformForm({ platform, catalogue, isNew = false, canEdit, onSaved, onCancel }: PlatformFormProps) {
  const { t } = useTranslation();
  const save = useSavePlatformSetting();
  const others = catalogue.filter((other) => isNew || other.idPlateforme !== platform.idPlateforme);
  return (
    <EditAndSave
      fields={platformFields({ t, platform, isNew, others, uploadPicture: (file) => uploadImage(file, 'platform') })}
      onSave={async (changes) => {
        await save.mutateAsync(platformFrom(platform, changes, isNew));
        onSaved?.();
      }}
      label={isNew ? t('settings.platforms.new') : t('settings.platforms.form', { name: platform.name })}
      isNew={isNew}
      canEdit={canEdit}
      successMessage={(values) => t('settings.platforms.saved', { id: values.idPlateforme?.trim().toUpperCase() })}
      onCancel={onCancel}
    />
  );
}

/**
 * The Plateformes tab (spec 2 §2.6): the catalogue by order, each platform in its own panel with
 * the edit-and-save pattern (its picture uploaded through the storage, its export file and type,
 * its URL-scheme and code switches), and a new platform added on top in edit mode.
 */
export function PlatformsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const catalogue = usePlatformSettings();
  // The platform being added: its first values, until it is saved or cancelled.
  const [adding, setAdding] = useState<settings.PlatformSetting | null>(null);

  if (catalogue.isPending) return <LoadingBlock />;
  if (catalogue.isError) return <ErrorAlert />;

  return (
    <Stack gap="lg">
      {canEdit && adding === null && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(newPlatformValues(catalogue.data))}>
            {t('settings.platforms.add')}
          </Button>
        </Group>
      )}
      {adding && (
        <Paper withBorder p="md" component="section" aria-labelledby="new-platform-title">
          <Title order={2} fz="h4" mb="md" id="new-platform-title">
            {t('settings.platforms.new')}
          </Title>
          <PlatformForm
            platform={adding}
            catalogue={catalogue.data}
            isNew
            canEdit
            onSaved={() => setAdding(null)}
            onCancel={() => setAdding(null)}
          />
        </Paper>
      )}
      {catalogue.data.length === 0 ? (
        <Text>{t('settings.platforms.none')}</Text>
      ) : (
        <Accordion multiple variant="separated" chevronPosition="left">
          {catalogue.data.map((platform) => (
            <Accordion.Item key={platform.idPlateforme} value={platform.idPlateforme}>
              <Accordion.Control>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={platform.urls[0]?.picturePath || null} alt="" size={28} radius="sm" aria-hidden />
                  <Text fw={600}>{platform.name}</Text>
                  <Text c="dimmed" size="sm">
                    {platform.idPlateforme}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <PlatformForm platform={platform} catalogue={catalogue.data} canEdit={canEdit} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
