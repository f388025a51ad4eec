import { schoolSettings } from '@console/contract';
import type { TFunction } from 'i18next';
import { issueAt } from '#lib/forms';
import type { EditableField, FieldChanges } from '#ui/EditAndSave';
import type { SecretField } from './secret-fields';

/**
 * The deployment card's form (spec 2 §2.13): MDM and material from the server's lists, the fleet
 * (two exclusive switches for one value: 1 managed, 0 unmanaged, 2 neither), Wi-Fi quality and
 * network, the Wi-Fi password and EcoleDirecte key (secrets), a comment.
 */

/** The choice standing for "none chosen" in a list. */
const NONE = 'none';
const MANAGED = 'fleet.managed';
const UNMANAGED = 'fleet.unmanaged';
const { MANAGED_FLEET } = schoolSettings;

export function deployValuesOf(
  deployment: schoolSettings.SchoolParams['deployment'],
  revealed: { depPassword?: string; ecoleDirecteApiKey?: string },
): FieldChanges {
  return {
    'deployment.mdm': deployment.mdm === null ? NONE : String(deployment.mdm),
    'deployment.materialType': deployment.materialType === null ? NONE : String(deployment.materialType),
    [MANAGED]: String(deployment.managedFleet === MANAGED_FLEET.managed),
    [UNMANAGED]: String(deployment.managedFleet === MANAGED_FLEET.unmanaged),
    'deployment.depWifiQuality': deployment.depWifiQuality === null ? NONE : String(deployment.depWifiQuality),
    'deployment.depSsid': deployment.depSsid,
    'deployment.depPassword': revealed.depPassword ?? '',
    'deployment.ecoleDirecteApiKey': revealed.ecoleDirecteApiKey ?? '',
    'deployment.depComment': deployment.depComment,
  };
}

const idOrNull = (value: string) => (value === NONE ? null : Number(value));

/** The changed values in the call's shape: the two fleet switches become one value. */
export function deployUpdateOf(changes: FieldChanges, values: FieldChanges): schoolSettings.SchoolParamsUpdate {
  const deployment: schoolSettings.DeploymentUpdate = {};
  const changed = (name: string) => changes[`deployment.${name}`];
  if (changed('mdm') !== undefined) deployment.mdm = idOrNull(changed('mdm')!);
  if (changed('materialType') !== undefined) deployment.materialType = idOrNull(changed('materialType')!);
  if (changes[MANAGED] !== undefined || changes[UNMANAGED] !== undefined) {
    const all = { ...values, ...changes };
    deployment.managedFleet =
      all[MANAGED] === 'true' ? MANAGED_FLEET.managed : all[UNMANAGED] === 'true' ? MANAGED_FLEET.unmanaged : MANAGED_FLEET.none;
  }
  if (changed('depWifiQuality') !== undefined)
    deployment.depWifiQuality = idOrNull(changed('depWifiQuality')!) as schoolSettings.DeploymentUpdate['depWifiQuality'];
  for (const name of ['depSsid', 'depPassword', 'ecoleDirecteApiKey', 'depComment'] as const)
    if (changed(name) !== undefined) deployment[name] = changed(name);
  return { deployment };
}

type DeployFieldsInput = {
  t: TFunction;
  params: schoolSettings.SchoolParams;
  options: schoolSettings.DeploymentOptions;
  depPassword: SecretField;
  apiKey: SecretField;
};

/** The deployment card's fields, grouped: equipment, fleet, Wi-Fi, EcoleDirecte; then the comment. */
export function deployFields({ t, params, options, depPassword, apiKey }: DeployFieldsInput): EditableField[] {
  const values = deployValuesOf(params.deployment, { depPassword: depPassword.value, ecoleDirecteApiKey: apiKey.value });
  const check = (name: string) => (value: string, all: FieldChanges) =>
    issueAt(schoolSettings.schoolParamsUpdateSchema, deployUpdateOf({ [name]: value }, all), name);
  const label = (name: string) => t(`school_settings.deploy.fields.${name.replace(/^deployment\.|^fleet\./, '')}`);
  const field = (name: string, group: string, extra: Partial<EditableField> = {}): EditableField => ({
    name,
    group,
    label: label(name),
    value: values[name]!,
    validate: check(name),
    ...extra,
  });
  const none = { value: NONE, label: t('school_settings.not_set') };
  const equipment = t('school_settings.deploy.groups.equipment');
  const fleet = t('school_settings.deploy.groups.fleet');
  const wifi = t('school_settings.deploy.groups.wifi');
  const secret = (of: SecretField, copiedMessage?: string): EditableField['secret'] => ({
    isSet: of.isSet,
    isRevealed: of.value !== undefined,
    reveal: of.reveal,
    copiedMessage,
  });
  // The fleet is managed, unmanaged or neither: switching one on switches the other off.
  const exclusive = (other: string) => (value: string) => (value === 'true' ? { [other]: 'false' } : {});
  return [
    field('deployment.mdm', equipment, {
      choices: [none, ...options.mdms.map((mdm) => ({ value: String(mdm.ID_MDM), label: mdm.Libelle }))],
    }),
    field('deployment.materialType', equipment, {
      choices: [
        none,
        ...options.materials.map((material) => ({ value: String(material.ID_Type_materiel), label: material.Libelle })),
      ],
    }),
    field(MANAGED, fleet, { toggle: true, validate: undefined, links: exclusive(UNMANAGED) }),
    field(UNMANAGED, fleet, { toggle: true, validate: undefined, links: exclusive(MANAGED) }),
    field('deployment.depWifiQuality', wifi, {
      choices: [
        none,
        ...schoolSettings.WIFI_QUALITY_VALUES.map((quality) => ({
          value: String(quality),
          label: t(`school_settings.deploy.wifi.${quality}`),
        })),
      ],
    }),
    field('deployment.depSsid', wifi),
    field('deployment.depPassword', wifi, {
      secret: secret(depPassword, t('school_settings.deploy.password_copied')),
    }),
    field('deployment.ecoleDirecteApiKey', t('school_settings.general.groups.ecole_directe'), { secret: secret(apiKey) }),
    // Alone, not in a fieldset titled as its own label.
    field('deployment.depComment', '', { multiline: true, group: undefined }),
  ];
}
