/** The five profiles. Ids 4 and 6 are the manager and the school administrator, as in the spec. */
export const PROFILES = {
  Eleve: 1,
  Enseignant: 2,
  Administrateur: 3,
  Gestionnaire: 4,
  'Administrateur établissement': 6,
} as const;

export type ProfileName = keyof typeof PROFILES;
export const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[];

export function profileNameOf(id: number): ProfileName | undefined {
  return PROFILE_NAMES.find((name) => PROFILES[name] === id);
}

/** Profiles that see only their own account: no side menu, no password change. */
export function isAccountHolderProfile(profile: ProfileName): boolean {
  return profile === 'Eleve' || profile === 'Enseignant';
}

/**
 * Whether a profile signs in by link (`?iduser=`, the QR code of the credential sheets): pupils
 * and teachers only. Staff sign in with their password: a link token of theirs is never shown,
 * issued nor accepted, since it would open an account that reaches schools.
 */
export function signsInByLink(profile: ProfileName): boolean {
  return isAccountHolderProfile(profile);
}

/** Every area of the rights map, as the spec names them (spec 1 §6, spec 3 §6), plus Config. */
export const RIGHT_AREAS = [
  // shell, schools and workflow
  'adminTabs',
  'Overview',
  'GlobalMonitoring',
  'Config',
  'notifications',
  'Dashboard',
  'Monitoring',
  'ParamEtablissement',
  'buttonHelp',
  'FileManager',
  'ImportModal',
  'buttonSupport',
  'buttonCatalogue',
  'NavBar_searchUser',
  'NavBar_addEtablissement',
  'NavBar_searchEtablissement',
  // users area
  'Table',
  'FicheUser',
  'FicheUser_profil',
  'UserPage_Profile',
  'UserPage_Apps',
  'UserPage_Teaching',
  'UserPage_Devices',
  'UserPage_Documents',
  'AddUser',
  'ButtonBar',
  'Filtres',
  'ButtonBar_buttonExportCSV',
  'ButtonBar_buttonExportPDF',
  'ButtonBar_buttonActiveDesactiveUser',
  'ButtonBar_buttonDelete',
  'ButtonBar_buttonBulkEdit',
  'buttonExportCSV_CSVByEditors',
  'buttonExportCSV_exportTous',
  'buttonExportCSV_exportBrut',
  'buttonExportCSV_exportFull',
  'buttonExportCSV_exportURL',
  'buttonExportCSV_exportTeaching',
  'buttonExportCSV_exportASM',
  'buttonBulkEdit_bulkCommentaire',
  'buttonBulkEdit_bulkMatiere',
  'buttonBulkEdit_bulkClasse',
  'buttonBulkEdit_bulkNiveau',
  'buttonBulkEdit_bulkProfil',
  'buttonBulkEdit_bulkOption',
  'buttonBulkEdit_bulkAppli',
  'buttonBulkEdit_bulkFiles',
  'buttonBulkEdit_bulkPNE',
  'buttonBulkEdit_bulkAdmin',
  'buttonBulkEdit_bulkNotification',
] as const;

export type RightArea = (typeof RIGHT_AREAS)[number];
export type RightLevel = 'Lecture' | 'Ecriture';

export type RightEntry = { Lecture: 0 | 1; Ecriture: 0 | 1 };
export type RightsMap = Partial<Record<RightArea, RightEntry>>;

const NONE: RightEntry = { Lecture: 0, Ecriture: 0 };
const READ: RightEntry = { Lecture: 1, Ecriture: 0 };
const WRITE: RightEntry = { Lecture: 1, Ecriture: 1 };

type Grant = 'none' | 'read' | 'write';
const ENTRY: Record<Grant, RightEntry> = { none: NONE, read: READ, write: WRITE };

function mapOf(grants: Partial<Record<RightArea, Grant>>): Record<RightArea, RightEntry> {
  return Object.fromEntries(RIGHT_AREAS.map((area) => [area, ENTRY[grants[area] ?? 'none']])) as Record<RightArea, RightEntry>;
}

const USER_AREAS: RightArea[] = RIGHT_AREAS.filter(
  (area) =>
    area.startsWith('ButtonBar') ||
    area.startsWith('buttonExportCSV_') ||
    area.startsWith('buttonBulkEdit_') ||
    area.startsWith('UserPage_') ||
    area.startsWith('FicheUser') ||
    ['Table', 'AddUser', 'Filtres'].includes(area),
);

function all(areas: RightArea[], grant: Grant): Partial<Record<RightArea, Grant>> {
  return Object.fromEntries(areas.map((area) => [area, grant]));
}

/**
 * The seeded rights map of each profile. Complete: every area has an entry, so that an absent
 * entry (which the spec treats as allowed) never happens for a seeded profile.
 */
export const DEFAULT_RIGHTS: Record<ProfileName, Record<RightArea, RightEntry>> = {
  Administrateur: mapOf(all([...RIGHT_AREAS], 'write')),
  Gestionnaire: mapOf({
    ...all(USER_AREAS, 'write'),
    adminTabs: 'read',
    Dashboard: 'read',
    Monitoring: 'read',
    ParamEtablissement: 'write',
    buttonHelp: 'read',
    FileManager: 'write',
    ImportModal: 'write',
    buttonSupport: 'read',
    buttonCatalogue: 'read',
    NavBar_searchUser: 'read',
    NavBar_searchEtablissement: 'read',
  }),
  'Administrateur établissement': mapOf({
    ...all(USER_AREAS, 'write'),
    buttonExportCSV_exportASM: 'none',
    buttonBulkEdit_bulkNotification: 'none',
    Dashboard: 'read',
    Monitoring: 'read',
    ParamEtablissement: 'write',
    buttonHelp: 'read',
    FileManager: 'write',
    ImportModal: 'write',
    buttonSupport: 'read',
    buttonCatalogue: 'read',
    NavBar_searchUser: 'read',
  }),
  Enseignant: mapOf({
    FicheUser: 'read',
    UserPage_Profile: 'read',
    UserPage_Apps: 'read',
    UserPage_Teaching: 'read',
    UserPage_Devices: 'read',
    UserPage_Documents: 'read',
  }),
  Eleve: mapOf({
    FicheUser: 'read',
    UserPage_Profile: 'read',
    UserPage_Apps: 'read',
    UserPage_Devices: 'read',
    UserPage_Documents: 'read',
  }),
};

/**
 * Whether a rights map grants an area at a level. As the spec says, an absent entry is allowed;
 * seeded maps are complete, so this only matters for hand-edited profiles.
 */
export function hasRight(rights: RightsMap, area: RightArea, level: RightLevel = 'Lecture'): boolean {
  const entry = rights[area];
  if (!entry) return true;
  return entry[level] === 1;
}
