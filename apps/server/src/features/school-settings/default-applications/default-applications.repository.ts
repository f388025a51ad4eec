import { PROFILES, type schoolSettings } from '@console/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { applications, platforms, schoolDefaultApplications } from '#platform/db/schema/index.js';

/** The applications a school gives the new users of each profile an import creates. */

/** The catalogue's applications, by its order (platform, then application, then name): what the defaults are chosen among. */
export async function listApplicationChoices(db: Executor): Promise<schoolSettings.DefaultApplicationChoice[]> {
  return db
    .select({ id: applications.id, name: applications.name, platformName: platforms.name })
    .from(applications)
    .innerJoin(platforms, eq(platforms.id, applications.platformId))
    .orderBy(asc(platforms.order), asc(platforms.id), asc(applications.order), asc(applications.name));
}

/** The application ids the school gives each profile id (a profile without any is absent). */
export async function readDefaultApplicationIds(db: Executor, uai: string): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ profileId: schoolDefaultApplications.profileId, applicationId: schoolDefaultApplications.applicationId })
    .from(schoolDefaultApplications)
    .where(eq(schoolDefaultApplications.uai, uai))
    .orderBy(asc(schoolDefaultApplications.applicationId));
  const byProfile = new Map<number, number[]>();
  for (const { profileId, applicationId } of rows) byProfile.set(profileId, [...(byProfile.get(profileId) ?? []), applicationId]);
  return byProfile;
}

/** Replaces the applications the school gives one profile with `applicationIds` (none: it gives none). */
export async function replaceDefaultApplications(
  tx: Executor,
  uai: string,
  profile: schoolSettings.DefaultApplicationProfile,
  applicationIds: readonly number[],
): Promise<void> {
  const profileId = PROFILES[profile];
  await tx
    .delete(schoolDefaultApplications)
    .where(and(eq(schoolDefaultApplications.uai, uai), eq(schoolDefaultApplications.profileId, profileId)));
  if (applicationIds.length === 0) return;
  await tx.insert(schoolDefaultApplications).values(applicationIds.map((applicationId) => ({ uai, profileId, applicationId })));
}
