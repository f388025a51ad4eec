import type { settings } from '@console/contract';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '#lib/uploads';
import { EditAndSave } from '#ui/EditAndSave';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';
import { usePlatformSettings, useSavePlatformSetting } from '../api';
import { newPlatformValues, platformFields, platformFrom } from '../platform-fields';
import { CatalogueList } from './CatalogueList';

type PlatformFormProps = {
  platform: settings.PlatformSetting;
  catalogue: readonly settings.PlatformSetting[];
  isNew: boolean;
  canEdit: boolean;
  onDone: () => void;
};

/** One platform's edit-and-save form; a new one starts in edit mode with its id editable. */
function PlatformForm({ platform, catalogue, isNew, canEdit, onDone }: PlatformFormProps) {
  const { t } = useTranslation();
  const save = useSavePlatformSetting();
  const others = catalogue.filter((other) => isNew || other.idPlateforme !== platform.idPlateforme);
  return (
    <EditAndSave
      fields={platformFields({ t, platform, isNew, others, uploadPicture: (file) => uploadImage(file, 'platform') })}
      onSave={async (changes) => {
        await save.mutateAsync(platformFrom(platform, changes, isNew));
        onDone();
      }}
      label={isNew ? t('settings.platforms.new') : t('settings.platforms.form', { name: platform.name })}
      isNew={isNew}
      canEdit={canEdit}
      successMessage={(values) => t('settings.platforms.saved', { id: values.idPlateforme?.trim().toUpperCase() })}
      onCancel={onDone}
    />
  );
}

/**
 * The Plateformes tab (spec 2 §2.6): the catalogue by order, each platform with the edit-and-save
 * pattern (its picture uploaded through the storage, its export file and type, its URL-scheme and
 * code switches), and a new platform added on top in edit mode.
 */
export function PlatformsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const catalogue = usePlatformSettings();
  if (catalogue.isPending) return <LoadingBlock />;
  if (catalogue.isError) return <ErrorAlert />;
  return (
    <CatalogueList
      entries={catalogue.data}
      keyOf={(platform) => platform.idPlateforme}
      titleOf={(platform) => platform.name}
      detailOf={(platform) => platform.idPlateforme}
      pictureOf={(platform) => platform.urls[0]?.picturePath ?? ''}
      canEdit={canEdit}
      addLabel={t('settings.platforms.add')}
      newTitle={t('settings.platforms.new')}
      emptyText={t('settings.platforms.none')}
      newEntry={() => newPlatformValues(catalogue.data)}
      renderForm={(platform, { isNew, onDone }) => (
        <PlatformForm platform={platform} catalogue={catalogue.data} isNew={isNew} canEdit={canEdit} onDone={onDone} />
      )}
    />
  );
}
