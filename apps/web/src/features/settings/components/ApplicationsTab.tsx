import type { settings } from '@console/contract';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '#lib/uploads';
import { EditAndSave } from '#ui/EditAndSave';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';
import { useApplicationSettings, usePlatformSettings, useSaveApplicationSetting } from '../api';
import { applicationFields, applicationFrom, newApplicationValues } from '../application-fields';
import { CatalogueList } from './CatalogueList';

type ApplicationFormProps = {
  application: settings.ApplicationSetting;
  catalogue: readonly settings.ApplicationSetting[];
  platforms: readonly settings.PlatformSetting[];
  isNew: boolean;
  canEdit: boolean;
  onDone: () => void;
};

/** One application's edit-and-save form; a new one starts in edit mode. */
function ApplicationForm({ application, catalogue, platforms, isNew, canEdit, onDone }: ApplicationFormProps) {
  const { t } = useTranslation();
  const save = useSaveApplicationSetting();
  const others = catalogue.filter((other) => isNew || other.idApplication !== application.idApplication);
  return (
    <EditAndSave
      fields={applicationFields({
        t,
        application,
        isNew,
        others,
        platforms,
        uploadPicture: (file) => uploadImage(file, 'application'),
      })}
      onSave={async (changes) => {
        await save.mutateAsync(applicationFrom(application, changes, isNew));
        onDone();
      }}
      label={isNew ? t('settings.applications.new') : t('settings.applications.form', { name: application.name })}
      isNew={isNew}
      canEdit={canEdit}
      successMessage={(values) => t('settings.applications.saved', { name: values.name?.trim() })}
      onCancel={onDone}
    />
  );
}

/**
 * The Applications tab (spec 2 §2.7): the catalogue by order, each application on its platform
 * with the edit-and-save pattern (picture, store and installer links, the links that open it,
 * token status and code switches); a new one comes after the others unless its order is changed.
 */
export function ApplicationsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const catalogue = useApplicationSettings();
  const platforms = usePlatformSettings();
  if (catalogue.isPending || platforms.isPending) return <LoadingBlock />;
  if (catalogue.isError || platforms.isError) return <ErrorAlert />;
  const platformName = new Map(platforms.data.map((platform) => [platform.idPlateforme, platform.name]));
  return (
    <CatalogueList
      entries={catalogue.data}
      keyOf={(application) => String(application.idApplication)}
      titleOf={(application) => application.name}
      detailOf={(application) =>
        t('settings.applications.detail', {
          order: application.order,
          platform: platformName.get(application.idPlateforme) ?? application.idPlateforme,
        })
      }
      pictureOf={(application) => application.urls.picturePath}
      canEdit={canEdit}
      addLabel={t('settings.applications.add')}
      newTitle={t('settings.applications.new')}
      emptyText={t('settings.applications.none')}
      newEntry={() => newApplicationValues(catalogue.data, platforms.data)}
      renderForm={(application, { isNew, onDone }) => (
        <ApplicationForm
          application={application}
          catalogue={catalogue.data}
          platforms={platforms.data}
          isNew={isNew}
          canEdit={canEdit}
          onDone={onDone}
        />
      )}
    />
  );
}
