import { users } from '@console/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { applications, platforms, type ApplicationUrls } from '#platform/db/schema/index.js';

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

/** The catalogue's applications, by order (spec 3 §9), each with its credential fields. */
export async function listCatalogueApplications(db: Executor): Promise<CatalogueApplication[]> {
  const rows = await db
    .select({ application: applications, platform: platforms })
    .from(applications)
    .innerJoin(platforms, eq(platforms.id, applications.platformId))
    .orderBy(asc(applications.order), asc(applications.id));
  return rows.map(({ application, platform }) => ({
    id: application.id,
    name: application.name,
    order: application.order,
    platformId: application.platformId,
    urls: application.urls,
    worksWithCas: application.worksWithCas,
    fields: users.credentialFieldsOf(
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
    ),
  }));
}

/** An application with its platform's credential flags, as the credential rules read them. */
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
