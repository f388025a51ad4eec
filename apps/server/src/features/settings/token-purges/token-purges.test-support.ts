import { PROFILES } from '@console/contract';
import { randomToken } from '#platform/auth/secrets.js';
import type { Database } from '#platform/db/client.js';
import { applications, platforms, userApplications, users } from '#platform/db/schema/index.js';
import { buildSchool } from '#test/factories.js';

let counter = 0;

/**
 * A platform with two applications, another platform with one, and two schools whose pupils each
 * hold a checked token on all three: what a purge must clear, and what it must leave.
 */
export async function arrangeTokens(db: Database, pupilsPerSchool = 3) {
  counter += 1;
  const suffix = `${process.pid % 1000}${counter}`;
  const purged = `PURGE${suffix}`;
  const kept = `KEEP${suffix}`;
  await db.insert(platforms).values([
    { id: purged, name: `Purgée ${suffix}` },
    { id: kept, name: `Gardée ${suffix}` },
  ]);
  const apps = await db
    .insert(applications)
    .values([
      { platformId: purged, name: `App A ${suffix}` },
      { platformId: purged, name: `App B ${suffix}` },
      { platformId: kept, name: `App C ${suffix}` },
    ])
    .returning({ id: applications.id, platformId: applications.platformId });
  const schools = [await buildSchool(db), await buildSchool(db)];
  const checkedAt = new Date('2026-11-01T08:00:00Z');
  for (const school of schools) {
    const pupils = await db
      .insert(users)
      .values(
        Array.from({ length: pupilsPerSchool }, (_, index) => ({
          uai: school.uai,
          profileId: PROFILES.Eleve,
          firstname: 'Élève',
          lastname: `${index}`,
          login: `purge.${suffix}.${school.uai}.${index}`.toLowerCase(),
          linkToken: randomToken(),
        })),
      )
      .returning({ id: users.id });
    await db.insert(userApplications).values(
      pupils.flatMap((pupil, index) =>
        apps.map((app) => ({
          userId: pupil.id,
          applicationId: app.id,
          validToken: index === 0 ? 'Token expiré' : 'OK',
          tokenCheckedAt: checkedAt,
        })),
      ),
    );
  }
  return { purged, kept, apps, schools: schools.map((school) => school.uai) };
}
