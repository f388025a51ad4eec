import { compareFrench, schoolSettings } from '@console/contract';
import type {
  CataloguePlatformRow,
  DeploymentOptionRow,
  SchoolPlatformRow,
  SchoolSettingsRow,
} from './school-settings.repository.js';

type SchoolParams = schoolSettings.SchoolParams;
type SchoolPlatformValues = schoolSettings.SchoolPlatformValues;
/** The deployment card's fields, the ASM tab's apart. */
export type DeploymentFields = Omit<SchoolParams['deployment'], 'asmInformations'>;
/** The ASM tab's fields as a change writes them (the password is a secret, the host key and history are not typed in). */
export type AsmFields = Omit<schoolSettings.AsmInformations, 'hostKey' | 'history'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where each secret lives in a school's `deployment` (the ASM server's password under `asmInformations`). */
export const SECRET_PATHS: Readonly<Record<schoolSettings.SchoolSecret, readonly [string] | readonly [string, string]>> = {
  ecoleDirecteApiKey: ['ecoleDirecteApiKey'],
  depPassword: ['depPassword'],
  sftpPassword: ['asmInformations', 'sftpPassword'],
};

/** A secret as stored (sealed, or a legacy clear value), or undefined. */
export function storedSecretOf(deployment: unknown, name: schoolSettings.SchoolSecret): unknown {
  const [first, second] = SECRET_PATHS[name];
  if (!isRecord(deployment)) return undefined;
  const value = deployment[first];
  if (second === undefined) return value;
  return isRecord(value) ? value[second] : undefined;
}

/** Whether a stored secret is set: the rule `schools.deploymentWithoutSecrets` answers the school page with. */
export function isSecretSet(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

const oneOf = <T extends number>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'number' && (values as readonly number[]).includes(value);
const optionId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/**
 * The deployment fields the settings show, read from the stored `deployment`: a key absent or of
 * another type reads as its default (no fleet management, no Wi-Fi quality said, empty texts).
 */
export function deploymentFieldsOf(deployment: unknown): DeploymentFields {
  const stored = isRecord(deployment) ? deployment : {};
  return {
    mdm: optionId(stored.mdm),
    materialType: optionId(stored.materialType),
    managedFleet: oneOf(schoolSettings.MANAGED_FLEET_VALUES, stored.managedFleet)
      ? stored.managedFleet
      : schoolSettings.MANAGED_FLEET.none,
    depComment: typeof stored.depComment === 'string' ? stored.depComment : '',
    depWifiQuality: oneOf(schoolSettings.WIFI_QUALITY_VALUES, stored.depWifiQuality) ? stored.depWifiQuality : null,
    depSsid: typeof stored.depSsid === 'string' ? stored.depSsid : '',
  };
}

/** The stored ASM settings (`deployment.asmInformations`), an empty object when none. */
export function storedAsmOf(deployment: unknown): Record<string, unknown> {
  const stored = isRecord(deployment) ? deployment.asmInformations : undefined;
  return isRecord(stored) ? stored : {};
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The ASM tab's fields read from the stored `deployment.asmInformations`: absent or of another
 * type reads as empty, port 22 and SFTP (spec 2 §9).
 */
export function asmFieldsOf(deployment: unknown): AsmFields {
  const stored = storedAsmOf(deployment);
  const port = stored.sftpPort;
  return {
    locationId: textOf(stored.locationId),
    sftpUrl: textOf(stored.sftpUrl),
    sftpUser: textOf(stored.sftpUser),
    sftpPort:
      typeof port === 'number' && Number.isInteger(port) && port >= 1 && port <= 65535 ? port : schoolSettings.ASM_DEFAULT_PORT,
    isSftp: stored.isSftp !== false,
  };
}

/** The SFTP server's key pinned at the first connection to the saved server, or null. */
export function pinnedHostKeyOf(deployment: unknown): string | null {
  const hostKey = storedAsmOf(deployment).hostKey;
  return typeof hostKey === 'string' && hostKey !== '' ? hostKey : null;
}

/**
 * A school's values of a platform: its own row, or the catalogue platform's defaults while it has
 * none (a common code proposed when the catalogue gives one, never required).
 */
export function platformValuesOf(platform: CataloguePlatformRow, row: SchoolPlatformRow | undefined): SchoolPlatformValues {
  if (row)
    return {
      platformUrlschemeCodeYesNo: row.urlSchemeCodeYesNo,
      platformCodeYesNo: row.codeYesNo,
      platformCodeRequired: row.codeRequired,
      commonCodeYesNo: row.commonCodeYesNo,
      commonCodeRequired: row.commonCodeRequired,
      connectDiffPassword: row.connectDiffPassword,
      commonCode: row.commonCode,
    };
  const commonCode = platform.commonCode ?? '';
  return {
    platformUrlschemeCodeYesNo: platform.urlSchemeCodeYesNo,
    platformCodeYesNo: platform.platformCodeYesNo,
    platformCodeRequired: platform.platformCodeRequired,
    commonCodeYesNo: commonCode !== '',
    commonCodeRequired: false,
    connectDiffPassword: false,
    commonCode,
  };
}

/** Each catalogue platform's values for the school, by platform id in catalogue order. */
export function platformValuesByIdOf(
  catalogue: readonly CataloguePlatformRow[],
  schoolRows: readonly SchoolPlatformRow[],
): Map<string, SchoolPlatformValues> {
  const rows = new Map(schoolRows.map((row) => [row.platformId, row]));
  return new Map(catalogue.map((platform) => [platform.id, platformValuesOf(platform, rows.get(platform.id))]));
}

/** A school's settings as the settings view reads them, but the default applications: each secret only as whether it is set. */
export function presentSchoolParams(
  school: SchoolSettingsRow,
  catalogue: readonly CataloguePlatformRow[],
  schoolRows: readonly SchoolPlatformRow[],
  abilities: SchoolParams['abilities'],
  asmHistory: readonly schoolSettings.AsmHistoryEntry[],
): Omit<SchoolParams, 'defaultApplications' | 'applicationChoices'> {
  const values = platformValuesByIdOf(catalogue, schoolRows);
  return {
    informations: {
      uai: school.uai,
      name: school.name,
      extension: school.extension,
      adminDuration: school.adminDuration,
      connectRndPwd: school.connectRndPwd,
    },
    regexEstab: school.regexEstab.map(({ field, regex }) => ({ field, regex })),
    platforms: catalogue.map((platform) => ({
      platformId: platform.id,
      platformName: platform.name,
      platformOrder: platform.order,
      ...values.get(platform.id)!,
    })),
    deployment: {
      ...deploymentFieldsOf(school.deployment),
      asmInformations: {
        ...asmFieldsOf(school.deployment),
        hostKey: pinnedHostKeyOf(school.deployment),
        history: [...asmHistory],
      },
    },
    secrets: {
      ecoleDirecteApiKey: isSecretSet(storedSecretOf(school.deployment, 'ecoleDirecteApiKey')),
      depPassword: isSecretSet(storedSecretOf(school.deployment, 'depPassword')),
      sftpPassword: isSecretSet(storedSecretOf(school.deployment, 'sftpPassword')),
    },
    abilities,
  };
}

const byLabel = (rows: readonly DeploymentOptionRow[]) => [...rows].sort((a, b) => compareFrench(a.label, b.label));

/**
 * The MDMs and material types under the specification's field names, each by label as the
 * product orders names (PGlite's C collation put 'iPad' after 'Tablette Android').
 */
export function presentDeploymentOptions(rows: {
  mdmRows: readonly DeploymentOptionRow[];
  materialRows: readonly DeploymentOptionRow[];
}): schoolSettings.DeploymentOptions {
  return {
    mdms: byLabel(rows.mdmRows).map((row) => ({ ID_MDM: row.id, Libelle: row.label, Image: row.image })),
    materials: byLabel(rows.materialRows).map((row) => ({ ID_Type_materiel: row.id, Libelle: row.label, Image: row.image })),
  };
}
