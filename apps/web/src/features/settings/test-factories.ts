import { settings } from '@console/contract';

/** Catalogue entries for the settings' component tests, as the server answers them. */

export function buildPlatformSetting(
  idPlateforme: string,
  name: string,
  order: number,
  overrides: Partial<settings.PlatformSetting> = {},
): settings.PlatformSetting {
  return {
    idPlateforme,
    name,
    order,
    exportFile: `export_${idPlateforme.toLowerCase()}`,
    exportType: 'CSV',
    forExport: true,
    urlSchemeLoginRequired: true,
    urlSchemePwdRequired: true,
    urlSchemeCodeYesNo: false,
    urlSchemeCodeRequired: false,
    platformCodeYesNo: false,
    platformCodeRequired: false,
    urls: [{ picturePath: `/catalogue/platforms/${idPlateforme.toLowerCase()}.png` }],
    ...overrides,
  };
}

/** Every address of an application, empty. */
export const NO_APPLICATION_URLS = Object.fromEntries(
  settings.APPLICATION_URL_FIELDS.map((field) => [field, '']),
) as settings.ApplicationUrls;

export function buildApplicationSetting(
  idApplication: number,
  idPlateforme: string,
  name: string,
  order: number,
  urls: Partial<settings.ApplicationUrls> = {},
): settings.ApplicationSetting {
  return {
    idApplication,
    idPlateforme,
    name,
    order,
    showTokenStatus: true,
    applicationCodeYesNo: false,
    applicationCodeRequired: false,
    urls: { ...NO_APPLICATION_URLS, ...urls },
  };
}

/**
 * A scheduled token purge as the list answers it: daily on one platform for one school, created by
 * Camille Martin, never run yet (its next run its start date).
 */
export function buildPurgeTask(
  eventId: number,
  eventName: string,
  overrides: Partial<settings.PurgeTask> = {},
): settings.PurgeTask {
  const startDate = new Date(2026, 10, 26, 10, 0).toISOString();
  return {
    eventId,
    eventName,
    createdByFullName: 'Camille Martin',
    enable: true,
    startDate,
    lastExecution: null,
    lastRemoved: null,
    nextRun: startDate,
    intervalField: 'DAY',
    intervalValue: 1,
    procedureParameters: { arrayUai: ['0750001A'], arrayPlatforms: ['EDULIB'] },
    ...overrides,
  };
}
