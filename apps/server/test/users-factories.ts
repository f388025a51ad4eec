import { PROFILES, type ProfileName, type RightArea } from '@console/contract';
import { and, asc, eq } from 'drizzle-orm';
import { forgetProfileRights } from '#platform/auth/rights-cache.js';
import { encryptSecret, randomToken } from '#platform/auth/secrets.js';
import type { Database } from '#platform/db/client.js';
import {
  applications,
  auditLog,
  devices,
  options,
  platforms,
  profileRights,
  userApplications,
  userOptions,
  users,
  type ApplicationUrls,
} from '#platform/db/schema/index.js';
import type { TestContext } from './context.js';
import { buildSchool, buildSignedInUsers, buildUser, type BuildUserOptions, type BuiltUser } from './factories.js';

/**
 * Factories for the users feature's tests: the two schools and signed-in users most of them start
 * from, pupils one by one or thousands at once, applications with credential requirements,
 * devices, profile rights, and readers of what was stored.
 */

let sequence = 0;
const next = () => ++sequence;

/**
 * Two schools and users of them, signed in: a school administrator ("direction") and a pupil of
 * `home`, and a Gestionnaire ("manager") of `other` (of `home` with `managerOf: 'home'`).
 */
export async function arrangeTwoSchools(
  t: Pick<TestContext, 'app' | 'db' | 'env'>,
  choices: { managerOf?: 'home' | 'other'; pupil?: Partial<BuildUserOptions> } = {},
) {
  const home = (await buildSchool(t.db)).uai;
  const other = (await buildSchool(t.db)).uai;
  const { users: built, cookies } = await buildSignedInUsers(t, {
    direction: { profile: 'Administrateur établissement', uai: home },
    manager: { profile: 'Gestionnaire', managedSchools: [choices.managerOf === 'home' ? home : other] },
    pupil: { profile: 'Eleve', uai: home, ...choices.pupil },
  });
  return { home, other, users: built, cookies };
}

/** `count` pupils of a school, level 6e unless `values` say otherwise, each built by `buildUser`. */
export function buildPupils(
  t: Pick<TestContext, 'db' | 'env'>,
  uai: string,
  count: number,
  values: Partial<BuildUserOptions> = {},
): Promise<BuiltUser[]> {
  return Promise.all(
    Array.from({ length: count }, () => buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai, level: '6e', ...values })),
  );
}

/**
 * `count` users of a school in one multi-row insert per thousand (pupils by default, passwords
 * encrypted as pupils' are). Answers their ids in insertion order.
 */
export async function buildManyUsers(
  db: Database,
  key: Buffer,
  values: { uai: string; count: number; profile?: ProfileName } & Partial<typeof users.$inferInsert>,
): Promise<number[]> {
  const { uai, count: total, profile = 'Eleve', ...columns } = values;
  const batch = next();
  const passwordEncrypted = encryptSecret(key, 'ravo4821');
  const ids: number[] = [];
  for (let start = 0; start < total; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - start) }, (_, index) => ({
      uai,
      profileId: PROFILES[profile],
      firstname: `Élève${start + index}`,
      lastname: `Lot${batch}`,
      login: `lot${batch}.eleve${start + index}`,
      passwordEncrypted,
      linkToken: randomToken(),
      level: '6e',
      ...columns,
    }));
    ids.push(...(await db.insert(users).values(rows).returning({ id: users.id })).map((row) => row.id));
  }
  return ids;
}

type PlatformFlags = Partial<
  Pick<
    typeof platforms.$inferInsert,
    | 'urlSchemeLoginRequired'
    | 'urlSchemePwdRequired'
    | 'urlSchemeCodeYesNo'
    | 'urlSchemeCodeRequired'
    | 'platformCodeYesNo'
    | 'platformCodeRequired'
    | 'commonCode'
  >
>;
type ApplicationFlags = Partial<
  Pick<
    typeof applications.$inferInsert,
    'applicationCodeYesNo' | 'applicationCodeRequired' | 'commonCode' | 'worksWithCas' | 'order'
  >
> & { urls?: ApplicationUrls };

/** An application on a platform of its own, with the credential flags a test needs. */
export async function buildCredentialApplication(
  db: Database,
  name: string,
  flags: { platform?: PlatformFlags; application?: ApplicationFlags } = {},
) {
  // The shape the catalogue gives an id (PLATFORM_ID_PATTERN): requests upper-case the ids they name.
  const platformId = `PF${next()}_${name.replace(/\W/g, '').slice(0, 10).toUpperCase()}`;
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
    .values({
      userId: user.id,
      model: 'iPad 9',
      operatingSystem: 'iPadOS 17',
      availableSpace: 12345,
      applicationVersion: '3.2.1',
      token: `token-${next()}`,
      // A token comes with its push service (devices_token_provider).
      provider: values.token === null ? null : 'fcm',
      ...values,
    })
    .returning();
  return row!;
}

/** Sets a profile's levels on one area in the database and forgets the cached rights maps (sign in again afterwards). */
export async function setProfileRight(
  db: Database,
  profile: ProfileName,
  area: RightArea,
  levels: { lecture: 0 | 1; ecriture: 0 | 1 },
) {
  await db
    .update(profileRights)
    .set(levels)
    .where(and(eq(profileRights.profileId, PROFILES[profile]), eq(profileRights.area, area)));
  forgetProfileRights(db);
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

/** How many audit entries exist, of one action when given: to show that a change wrote them, or none. */
export function countAuditEntries(db: Database, action?: string): Promise<number> {
  return db.$count(auditLog, action === undefined ? undefined : eq(auditLog.action, action));
}
