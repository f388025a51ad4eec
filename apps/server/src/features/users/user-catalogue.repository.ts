import { schoolSettings, users } from '@console/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { applications, platforms, schoolPlatforms, type ApplicationUrls } from '#platform/db/schema/index.js';

/**
 * A school's own settings of the platforms it changed, by platform id: each overrides the
 * catalogue's credential flags of its platform for the school's users
 * (`schoolSettings.schoolCredentialInputs`); a platform absent reads the catalogue's.
 */
export type SchoolPlatformSettings = ReadonlyMap<string, schoolSettings.SchoolPlatformCredentials>;

/** The columns of `school_platforms` the credential rules read, under the contract's names. */
const schoolCredentialColumns = {
  platformUrlschemeCodeYesNo: schoolPlatforms.urlSchemeCodeYesNo,
  platformCodeYesNo: schoolPlatforms.codeYesNo,
  platformCodeRequired: schoolPlatforms.codeRequired,
  commonCodeYesNo: schoolPlatforms.commonCodeYesNo,
  commonCode: schoolPlatforms.commonCode,
  connectDiffPassword: schoolPlatforms.connectDiffPassword,
};

/**
 * The own platform settings of these schools (a user's, or each selected user's), by UAI, in one
 * query; a school without any, or a null UAI (a user of no school), reads an empty map.
 */
export async function listSchoolPlatformSettings(
  executor: Executor,
  uais: readonly (string | null)[],
): Promise<Map<string, SchoolPlatformSettings>> {
  const wanted = [...new Set(uais.filter((uai): uai is string => uai !== null))];
  const bySchool = new Map<string, Map<string, schoolSettings.SchoolPlatformCredentials>>(wanted.map((uai) => [uai, new Map()]));
  if (wanted.length === 0) return bySchool;
  const rows = await executor
    .select({ uai: schoolPlatforms.uai, platformId: schoolPlatforms.platformId, ...schoolCredentialColumns })
    .from(schoolPlatforms)
    .where(inArray(schoolPlatforms.uai, wanted));
  for (const { uai, platformId, ...settings } of rows) bySchool.get(uai)?.set(platformId, settings);
  return bySchool;
}

/** One school's own platform settings (an empty map for a user of no school). */
export async function readSchoolPlatformSettings(executor: Executor, uai: string | null): Promise<SchoolPlatformSettings> {
  if (uai === null) return new Map();
  return (await listSchoolPlatformSettings(executor, [uai])).get(uai) ?? new Map();
}

/** An application of the catalogue with the credentials its accesses ask (its platform's URL scheme flags included). */
export type CatalogueApplication = {
  id: number;
  name: string;
  order: number;
  platformId: string;
  urls: ApplicationUrls;
  worksWithCas: boolean;
  fields: users.CredentialFields;
};

/**
 * The catalogue's applications, by order (spec 3 §9), each with its credential fields for a user
 * of this school (its own platform settings read in the same query; null: the catalogue's alone).
 */
export async function listCatalogueApplications(db: Executor, uai: string | null): Promise<CatalogueApplication[]> {
  const rows = await db
    .select({ application: applications, platform: platforms, school: schoolCredentialColumns })
    .from(applications)
    .innerJoin(platforms, eq(platforms.id, applications.platformId))
    .leftJoin(
      schoolPlatforms,
      and(eq(schoolPlatforms.platformId, applications.platformId), uai === null ? sql`false` : eq(schoolPlatforms.uai, uai)),
    )
    .orderBy(asc(applications.order), asc(applications.id));
  return rows.map(({ application, platform, school }) => {
    const inputs = schoolSettings.schoolCredentialInputs(
      {
        urlSchemeLoginRequired: platform.urlSchemeLoginRequired,
        urlSchemePwdRequired: platform.urlSchemePwdRequired,
        urlSchemeCodeYesNo: platform.urlSchemeCodeYesNo,
        urlSchemeCodeRequired: platform.urlSchemeCodeRequired,
        applicationCodeYesNo: application.applicationCodeYesNo,
        applicationCodeRequired: application.applicationCodeRequired,
        commonCode: application.commonCode,
      },
      {
        platformCodeYesNo: platform.platformCodeYesNo,
        platformCodeRequired: platform.platformCodeRequired,
        commonCode: platform.commonCode,
      },
      school ?? undefined,
    );
    return {
      id: application.id,
      name: application.name,
      order: application.order,
      platformId: application.platformId,
      urls: application.urls,
      worksWithCas: application.worksWithCas,
      fields: users.credentialFieldsOf(inputs.application, inputs.platform),
    };
  });
}

/**
 * An application with its catalogue platform's credential flags, as the credential rules read
 * them; a school's own settings of the platform are applied by `credentialFieldsOfRow`.
 */
export type ApplicationWithPlatform = {
  id: number;
  name: string;
  platform_id: string;
  application_code_yes_no: boolean;
  application_code_required: boolean;
  common_code: string | null;
  url_scheme_login_required: boolean;
  url_scheme_pwd_required: boolean;
  url_scheme_code_yes_no: boolean;
  url_scheme_code_required: boolean;
  platform_code_yes_no: boolean;
  platform_code_required: boolean;
  platform_common_code: string | null;
};

/** Applications with their platform's credential flags, keyed by id (unknown ids are absent). */
export async function findApplicationsWithPlatforms(
  executor: Executor,
  applicationIds: readonly number[],
): Promise<Map<number, ApplicationWithPlatform>> {
  if (applicationIds.length === 0) return new Map();
  const result = await executor.execute<ApplicationWithPlatform>(sql`
    select a.id, a.name, a.platform_id, a.application_code_yes_no, a.application_code_required, a.common_code,
      p.url_scheme_login_required, p.url_scheme_pwd_required, p.url_scheme_code_yes_no, p.url_scheme_code_required,
      p.platform_code_yes_no, p.platform_code_required, p.common_code as platform_common_code
    from applications a join platforms p on p.id = a.platform_id
    where a.id = any(${sql.param([...applicationIds])}::int[])`);
  return new Map(result.rows.map((row) => [row.id, row]));
}

/** One application with its platform's credential flags; undefined when it does not exist. */
export async function findApplicationWithPlatform(
  executor: Executor,
  applicationId: number,
): Promise<ApplicationWithPlatform | undefined> {
  return (await findApplicationsWithPlatforms(executor, [applicationId])).get(applicationId);
}
