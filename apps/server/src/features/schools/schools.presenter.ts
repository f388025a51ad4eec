import {
  compareFrench,
  profileNameOf,
  schools,
  schoolSettings,
  type School,
  type SchoolListItem,
  type SchoolUser,
  type Statistics,
} from '@console/contract';
import type { applications, platforms, regexSettings } from '#platform/db/schema/index.js';
import type { SchoolListRow, SchoolRow, SchoolUserRow } from './schools.repository.js';
import type { StatisticsRows } from './statistics.repository.js';

/** A school's deployment as the list of deployments answers it: its secrets replaced by whether each is set. */
export function presentDeployment(row: { uai: string; name: string; deployment: Record<string, unknown> }) {
  return { uai: row.uai, name: row.name, deployment: schools.deploymentWithoutSecrets(row.deployment) };
}

export function presentSchoolListItem(row: SchoolListRow): SchoolListItem {
  return { UAI: row.uai, Nom: row.name, Commune: row.town, Extension: row.extension, Effectif: row.pupils };
}

type PlatformRow = typeof platforms.$inferSelect;
type ApplicationRow = typeof applications.$inferSelect;

/**
 * A school as the users area reads it. Its applications and platforms carry the credential flags
 * of the school's users: the catalogue's, with the school's own settings of a platform over them
 * where it has some (`schoolSettings.schoolCredentialInputs`), so that the browser shows and asks
 * the codes the server will require.
 */
export function presentSchool(
  school: SchoolRow,
  catalogue: { platformRows: PlatformRow[]; applicationRows: ApplicationRow[] },
  /** The school's own settings of the platforms it changed, by platform id. */
  schoolPlatforms: ReadonlyMap<string, schoolSettings.SchoolPlatformCredentials>,
  regexRows: (typeof regexSettings.$inferSelect)[],
  optionRows: { id: number; name: string }[],
  abilities: School['abilities'],
): School {
  const platformsById = new Map(catalogue.platformRows.map((platform) => [platform.id, platform]));
  return {
    informations: {
      uai: school.uai,
      name: school.name,
      town: school.town,
      extension: school.extension,
      adminDuration: school.adminDuration,
      connectRndPwd: school.connectRndPwd,
      address: school.address,
      postalCode: school.postalCode,
      sector: school.sector,
      latitude: school.latitude,
      longitude: school.longitude,
      emailRequired: school.emailRequired,
    },
    deployment: schools.deploymentWithoutSecrets(school.deployment),
    regexGlobal: presentRegexSettings(regexRows),
    regexEstab: school.regexEstab,
    applications: catalogue.applicationRows.map((application) => {
      const platform = platformsById.get(application.platformId);
      const { application: credentials } = schoolSettings.schoolCredentialInputs(
        {
          urlSchemeLoginRequired: platform?.urlSchemeLoginRequired ?? false,
          urlSchemePwdRequired: platform?.urlSchemePwdRequired ?? false,
          urlSchemeCodeYesNo: platform?.urlSchemeCodeYesNo ?? false,
          urlSchemeCodeRequired: platform?.urlSchemeCodeRequired ?? false,
          applicationCodeYesNo: application.applicationCodeYesNo,
          applicationCodeRequired: application.applicationCodeRequired,
          commonCode: application.commonCode,
          connectDiffPassword: application.connectDiffPassword,
        },
        undefined,
        schoolPlatforms.get(application.platformId),
      );
      return {
        idApplication: application.id,
        name: application.name,
        order: application.order,
        platformId: application.platformId,
        urls: application.urls,
        ...credentials,
        worksWithCas: application.worksWithCas,
      };
    }),
    platforms: catalogue.platformRows.map((platform) => {
      const catalogued = {
        platformCodeRequired: platform.platformCodeRequired,
        platformCodeYesNo: platform.platformCodeYesNo,
        commonCode: platform.commonCode,
      };
      const own = schoolPlatforms.get(platform.id);
      const credentials = own ? schoolSettings.withSchoolPlatformSettings(catalogued, own) : catalogued;
      return {
        platformId: platform.id,
        platformName: platform.name,
        platformOrder: platform.order,
        platformForExport: platform.forExport,
        platformExportType: platform.exportType,
        ...credentials,
        urls: platform.urls,
      };
    }),
    options: optionRows.map((option) => ({ idOption: option.id, name: option.name })),
    abilities,
  };
}

function toIso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** The users of a school with their option names in order and their application accesses. */
export function presentSchoolUsers(rows: {
  userRows: SchoolUserRow[];
  optionRows: { user_id: number; name: string }[];
  accessRows: { user_id: number; application_id: number; status: number; keys: string | null; platform_id: string }[];
}): SchoolUser[] {
  const optionsByUser = new Map<number, string[]>();
  for (const row of rows.optionRows) {
    const list = optionsByUser.get(row.user_id);
    if (list) list.push(row.name);
    else optionsByUser.set(row.user_id, [row.name]);
  }
  const accessesByUser = new Map<number, { applications: SchoolUser['applications']; platforms: Set<string> }>();
  for (const row of rows.accessRows) {
    let entry = accessesByUser.get(row.user_id);
    if (!entry) {
      entry = { applications: {}, platforms: new Set() };
      accessesByUser.set(row.user_id, entry);
    }
    entry.applications[row.application_id] = { status: row.status, code: row.keys };
    if (row.status === 1) entry.platforms.add(row.platform_id);
  }
  return rows.userRows.map((row) => {
    const accesses = accessesByUser.get(row.id);
    return {
      id: row.id,
      importNumber: row.import_number,
      adminMode: row.admin_mode,
      uai: row.uai,
      lastname: row.lastname,
      firstname: row.firstname,
      login: row.login,
      level: row.level,
      className: row.class_name,
      disabled: row.disabled,
      disabledAt: toIso(row.disabled_at),
      profile: profileNameOf(row.profile_id) ?? 'Eleve',
      locked: row.locked,
      lastLoginAt: toIso(row.last_login_at),
      tabletNumber: row.tablet_number,
      comment: row.comment,
      subject: row.subject,
      email: row.email,
      options: optionsByUser.get(row.id) ?? [],
      applications: accesses?.applications ?? {},
      platforms: accesses ? [...accesses.platforms].sort() : [],
    };
  });
}

/** The global regex settings as the school answer and the name rules read them (spec 2 §2.5). */
export function presentRegexSettings(rows: readonly (typeof regexSettings.$inferSelect)[]): School['regexGlobal'] {
  return rows.map((row) => ({
    field: row.fieldName,
    conversion: row.regexConversion,
    special: row.regexSpecial,
    structure: row.regexStructure,
  }));
}

/** The statistics' answer: totals summed over the profiles, profiles by count (then French order). */
export function presentStatistics(rows: StatisticsRows): Statistics {
  let total = 0;
  let adminOn = 0;
  let connected = 0;
  const repartitionRoles: Statistics['repartitionRoles'] = [];
  for (const row of rows.profiles) {
    total += row.total;
    adminOn += row.admin_on;
    connected += row.connected;
    const profile = profileNameOf(row.profile_id);
    if (profile) repartitionRoles.push({ profile, count: row.total });
  }
  repartitionRoles.sort((a, b) => b.count - a.count || compareFrench(a.profile, b.profile));
  return {
    nbEtab: rows.schools,
    usersApp: rows.applications.map((row) => ({ name: row.name, count: row.count })),
    repartitionRoles,
    modeAdmin: { activated: adminOn, deactivated: total - adminOn },
    usersConnectes: { connected, neverConnected: total - connected },
  };
}
