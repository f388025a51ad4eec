import { users } from '@console/contract';
import { asc, eq } from 'drizzle-orm';
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
