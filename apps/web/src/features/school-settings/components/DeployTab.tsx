import type { schoolSettings } from '@console/contract';
import { useTranslation } from 'react-i18next';
import { EditAndSave } from '#ui/EditAndSave';
import { ErrorAlert } from '#ui/ErrorAlert';
import { LoadingBlock } from '#ui/LoadingBlock';
import { secretFieldOf, useDeploymentOptions, useUpdateSchoolParams, type SchoolSecrets } from '../api';
import { deployFields, deployUpdateOf, deployValuesOf } from '../deploy-fields';

type DeployTabProps = { uai: string; params: schoolSettings.SchoolParams; secrets: SchoolSecrets; canEdit: boolean };

/**
 * The deployment card (spec 2 §2.13): MDM, material, fleet, Wi-Fi (its password copied in one
 * click), the EcoleDirecte key and a comment.
 */
export function DeployTab({ uai, params, secrets, canEdit }: DeployTabProps) {
  const { t } = useTranslation();
  const update = useUpdateSchoolParams(uai);
  const options = useDeploymentOptions();
  if (options.isPending) return <LoadingBlock />;
  if (options.isError) return <ErrorAlert />;
  const depPassword = secretFieldOf(params, secrets, 'depPassword');
  const apiKey = secretFieldOf(params, secrets, 'ecoleDirecteApiKey');
  return (
    <EditAndSave
      fields={deployFields({ t, params, options: options.data, depPassword, apiKey })}
      onSave={async (changes) => {
        const saved = deployValuesOf(params.deployment, { depPassword: depPassword.value, ecoleDirecteApiKey: apiKey.value });
        const body = deployUpdateOf(changes, saved);
        await update.mutateAsync(body);
        secrets.forgetSaved({
          depPassword: body.deployment?.depPassword,
          ecoleDirecteApiKey: body.deployment?.ecoleDirecteApiKey,
        });
      }}
      label={t('school_settings.tabs.deploy')}
      canEdit={canEdit}
      successMessage={() => t('school_settings.deploy.saved')}
    />
  );
}
