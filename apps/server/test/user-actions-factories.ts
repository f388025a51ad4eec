import { PROFILES, type ProfileName } from '@console/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { encryptSecret, randomToken } from '../src/platform/auth/secrets.js';
import type { Database } from '../src/platform/db/client.js';
import {
  applications,
  auditLog,
  devices,
  platforms,
  userApplications,
  userOptions,
  options,
  users,
} from '../src/platform/db/schema/index.js';

/**
 * Factories for the users actions' tests (adding, disabling, bin, bulk changes): applications
 * with credential requirements, devices, many users at once, and readers of what was stored.
 */

let sequence = 0;
const next = () => ++sequence;

export type CredentialFlags = Partial<
  Pick<
    typeof platforms.$inferInsert,
    | 'urlSchemeLoginRequired'
    | 'urlSchemePwdRequired'
    | 'urlSchemeCodeYesNo'
    | 'urlSchemeCodeRequired'
    | 'platformCodeRequired'
    | 'platformCodeYesNo'
  >
> & { applicationCodeRequired?: boolean; commonCode?: string | null; platformCommonCode?: string | null };

/** An application on a platform of its own, with the credential flags given. */
export async function buildCredentialApplication(db: Database, name: string, flags: CredentialFlags = {}) {
  const { applicationCodeRequired = false, commonCode = null, platformCommonCode = null, ...platformFlags } = flags;
  const platformId = `CP${next()}`;
  await db
    .insert(platforms)
    .values({ id: platformId, name: `Plateforme ${platformId}`, commonCode: platformCommonCode, ...platformFlags });
  const [row] = await db
    .insert(applications)
    .values({ name, platformId, order: next(), applicationCodeRequired, commonCode })
    .returning();
  return row!;
}

export async function giveDevice(db: Database, user: { id: number }, values: Partial<typeof devices.$inferInsert> = {}) {
  const [row] = await db
    .insert(devices)
    .values({
      userId: user.id,
      model: 'iPad (9e génération)',
      operatingSystem: 'iPadOS 17.4',
      availableSpace: 12_345,
      token: `token-${next()}`,
      ...values,
    })
    .returning();
  return row!;
}

/**
 * `count` users of a school in one multi-row insert per thousand (pupils by default, passwords
 * encrypted as pupils' are). Answers their ids in insertion order.
 */
export async function buildManyUsers(
  db: Database,
  key: Buffer,
  options: { uai: string; count: number; profile?: ProfileName } & Partial<typeof users.$inferInsert>,
): Promise<number[]> {
  const { uai, count, profile = 'Eleve', ...values } = options;
  const batch = next();
  const passwordEncrypted = encryptSecret(key, 'ravo4821');
  const ids: number[] = [];
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, index) => ({
      uai,
      profileId: PROFILES[profile],
      firstname: `Élève${start + index}`,
      lastname: `Lot${batch}`,
      login: `lot${batch}.eleve${start + index}`,
      passwordEncrypted,
      linkToken: randomToken(),
      level: '6e',
      ...values,
    }));
    ids.push(...(await db.insert(users).values(rows).returning({ id: users.id })).map((row) => row.id));
  }
  return ids;
}

export async function readUser(db: Database, id: number) {
  return (await db.select().from(users).where(eq(users.id, id)))[0];
}

/** A user's option names in order. */
export async function readOptionNames(db: Database, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: options.name })
    .from(userOptions)
    .innerJoin(options, eq(options.id, userOptions.optionId))
    .where(eq(userOptions.userId, userId))
    .orderBy(asc(userOptions.ordre));
  return rows.map((row) => row.name);
}

export async function readAccess(db: Database, userId: number, applicationId: number) {
  return (
    await db
      .select()
      .from(userApplications)
      .where(and(eq(userApplications.userId, userId), eq(userApplications.applicationId, applicationId)))
  )[0];
}

/** The audit entries of one user, oldest first. */
export async function readUserAudit(db: Database, userId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(userId))))
    .orderBy(asc(auditLog.id));
}

export async function countAudit(db: Database, action: string): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`select count(*)::int as count from audit_log where action = ${action}`);
  return result.rows[0]!.count;
}
