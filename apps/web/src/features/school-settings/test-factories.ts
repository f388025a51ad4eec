import type { schoolSettings } from '@console/contract';
import { SWITCHES_OFF } from '@console/contract/testing/school-settings';

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
    platforms: [{ platformId: 'HMH', platformName: 'HMH', platformOrder: 1, ...SWITCHES_OFF }],
    deployment: {
      mdm: 1,
      materialType: null,
      managedFleet: 1,
      depComment: '',
      depWifiQuality: 2,
      depSsid: 'CLG-MOULIN',
      asmInformations: {
        locationId: 'LYON-MOULIN',
        sftpUrl: 'sftp.example.fr',
        sftpUser: 'asm-moulin',
        sftpPort: 22,
        isSftp: true,
        hostKey: null,
        history: [],
      },
    },
    defaultApplications: { Eleve: [], Enseignant: [] },
    applicationChoices: [
      { id: 7, name: 'Edulib', platformName: 'HMH' },
      { id: 8, name: 'Lelivrescolaire', platformName: 'HMH' },
    ],
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

/** A school's contact card: no phone, a website without its scheme, one person, no coordinates, no logo. */
export function buildSchoolContact(overrides: Partial<schoolSettings.SchoolContact> = {}): schoolSettings.SchoolContact {
  return {
    uai: '0750001A',
    name: 'Collège Jean Moulin',
    address: '12 rue des Écoles',
    zip: '69001',
    town: 'Lyon',
    phone: '',
    url: 'www.clg-moulin.fr',
    contacts: [
      { id: 1, firstname: 'Claire', lastname: 'Martin', poste: 'Principale', email: 'claire.martin@ac-lyon.fr', phone_pro: '' },
    ],
    latitude: null,
    longitude: null,
    logoUrl: null,
    abilities: { canEdit: true, canReplaceLogo: false },
    ...overrides,
  };
}
