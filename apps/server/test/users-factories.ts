import { PROFILES, type ProfileName, type RightArea } from '@console/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { forgetProfileRights } from '../src/platform/auth/rights-cache.js';
import type { Database } from '../src/platform/db/client.js';
import { applications, auditLog, devices, platforms, profileRights, type ApplicationUrls } from '../src/platform/db/schema/index.js';

let sequence = 0;

type PlatformFlags = Partial<
  Pick<
    typeof platforms.$inferInsert,
    'urlSchemeLoginRequired' | 'urlSchemePwdRequired' | 'urlSchemeCodeYesNo' | 'urlSchemeCodeRequired' | 'platformCodeYesNo' | 'platformCodeRequired' | 'commonCode'
  >
>;
type ApplicationFlags = Partial<
  Pick<typeof applications.$inferInsert, 'applicationCodeYesNo' | 'applicationCodeRequired' | 'commonCode' | 'worksWithCas' | 'order'>
> & { urls?: ApplicationUrls };

/** An application on a platform of its own, with the credential flags a test needs. */
export async function buildCredentialApplication(db: Database, name: string, flags: { platform?: PlatformFlags; application?: ApplicationFlags } = {}) {
  const platformId = `PF${++sequence}_${name.replace(/\W/g, '').slice(0, 10)}`;
  await db.insert(platforms).values({ id: platformId, name: `Plateforme ${platformId}`, ...flags.platform });
  const [row] = await db
    .insert(applications)
    .values({ name, platformId, order: 100 + sequence, ...flags.application })
    .returning();
  return row!;
}

/** A device registered by a user's app. */
export async function buildDevice(db: Database, user: { id: number }, values: Partial<typeof devices.$inferInsert> = {}) {
  const [row] = await db
    .insert(devices)
    .values({ userId: user.id, model: 'iPad 9', operatingSystem: 'iPadOS 17', availableSpace: 12345, applicationVersion: '3.2.1', token: `token-${++sequence}`, ...values })
    .returning();
  return row!;
}

/** Sets a profile's levels on one area in the database and forgets the cached rights maps (sign in again afterwards). */
export async function setProfileRight(db: Database, profile: ProfileName, area: RightArea, levels: { lecture: 0 | 1; ecriture: 0 | 1 }) {
  await db
    .update(profileRights)
    .set(levels)
    .where(and(eq(profileRights.profileId, PROFILES[profile]), eq(profileRights.area, area)));
  forgetProfileRights(db);
}

/** The audit entries of a user, oldest first. */
export async function listUserAudit(db: Database, userId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId))))
    .orderBy(asc(auditLog.id));
}

/** How many audit entries exist: to show that an edit wrote none. */
export async function countAuditEntries(db: Database): Promise<number> {
  const result = await db.execute<{ total: number }>(sql`select count(*)::int as total from audit_log`);
  return result.rows[0]!.total;
}
