import type { schoolSettings } from '@console/contract';

/** A school's settings as the server answers them: no secret set, one platform unless told otherwise. */
export function buildSchoolParams(overrides: Partial<schoolSettings.SchoolParams> = {}): schoolSettings.SchoolParams {
  return {
    informations: {
      uai: '0750001A',
      name: 'Collège Jean Moulin',
      extension: 'clg-moulin',
      adminDuration: 3600,
      connectRndPwd: false,
    },
    regexEstab: [],
    platforms: [
      {
        platformId: 'HMH',
        platformName: 'HMH',
        platformOrder: 1,
        platformUrlschemeCodeYesNo: false,
        platformCodeYesNo: false,
        platformCodeRequired: false,
        commonCodeYesNo: false,
        commonCodeRequired: false,
        commonCode: '',
        connectDiffPassword: false,
      },
    ],
    deployment: { mdm: 1, materialType: null, managedFleet: 1, depComment: '', depWifiQuality: 2, depSsid: 'CLG-MOULIN' },
    secrets: { ecoleDirecteApiKey: false, depPassword: false, sftpPassword: false },
    abilities: { canEdit: true },
    ...overrides,
  };
}

export const DEPLOYMENT_OPTIONS: schoolSettings.DeploymentOptions = {
  mdms: [
    { ID_MDM: 1, Libelle: 'Jamf School', Image: null },
    { ID_MDM: 2, Libelle: 'Microsoft Intune', Image: null },
  ],
  materials: [{ ID_Type_materiel: 1, Libelle: 'iPad', Image: null }],
};
