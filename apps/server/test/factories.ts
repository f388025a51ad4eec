import { computeUaiCheckLetter, PROFILES, type ProfileName } from '@console/contract';
import { hasPrintablePassword } from '#features/auth/auth.policy.js';
import { storePassword } from '#platform/auth/passwords.js';
import { randomToken } from '#platform/auth/secrets.js';
import type { Database } from '#platform/db/client.js';
import { and, eq } from 'drizzle-orm';
import {
  applications,
  managerSchools,
  options,
  platforms,
  schools,
  userApplications,
  userOptions,
  users,
} from '#platform/db/schema/index.js';
import { signInEach, type TestContext } from './context.js';

let sequence = 0;
const next = () => ++sequence;

/** A valid UAI (right check letter), different at each call. */
export function nextUai(): string {
  const digits = String(690_0000 + next()).padStart(7, '0');
  return digits + computeUaiCheckLetter(digits);
}

export async function buildSchool(db: Database, values: Partial<typeof schools.$inferInsert> = {}) {
  const uai = values.uai ?? nextUai();
  const [row] = await db
    .insert(schools)
    .values({ uai, name: `Collège ${uai}`, town: 'Lyon', extension: `clg${uai.slice(-4)}`, ...values })
    .returning();
  return row!;
}

export type BuiltUser = typeof users.$inferSelect & { password: string };

/** What `buildUser` takes: a profile, and any column or the clear password to set. */
export type BuildUserOptions = { profile: ProfileName; password?: string; managedSchools?: string[] } & Partial<
  typeof users.$inferInsert
>;

/**
 * A persisted user of a profile. Its password is stored the way the profile's are (encrypted for
 * Eleve and Enseignant, hashed for staff); `password` holds the clear value for sign-in tests.
 */
export async function buildUser(db: Database, key: Buffer, options: BuildUserOptions): Promise<BuiltUser> {
  const { profile, password = 'Secret#2026', managedSchools = [], ...values } = options;
  const n = next();
  const stored = await storePassword(key, password, hasPrintablePassword(profile));
  const [row] = await db
    .insert(users)
    .values({
      profileId: PROFILES[profile],
      firstname: `Prénom${n}`,
      lastname: `Nom${n}`,
      login: `user${n}.${profile === 'Administrateur établissement' ? 'direction' : profile.toLowerCase()}`,
      linkToken: randomToken(),
      ...stored,
      ...values,
    })
    .returning();
  for (const uai of managedSchools) await db.insert(managerSchools).values({ userId: row!.id, uai });
  return { ...row!, password };
}

/**
 * Builds users in the order given, then signs each in through the API: answers them and their
 * session cookies under the names given.
 */
export async function buildSignedInUsers<Name extends string>(
  t: Pick<TestContext, 'app' | 'db' | 'env'>,
  specs: Record<Name, BuildUserOptions>,
): Promise<{ users: Record<Name, BuiltUser>; cookies: Record<Name, string> }> {
  const built = {} as Record<Name, BuiltUser>;
  for (const [name, options] of Object.entries(specs) as [Name, BuildUserOptions][]) {
    built[name] = await buildUser(t.db, t.env.encryptionKey, options);
  }
  return { users: built, cookies: await signInEach(t.app, built) };
}

export async function buildApplication(db: Database, values: { name: string; platformId?: string; order?: number }) {
  const platformId = values.platformId ?? `P${next()}`;
  await db
    .insert(platforms)
    .values({ id: platformId, name: `Plateforme ${platformId}` })
    .onConflictDoNothing();
  const [row] = await db
    .insert(applications)
    .values({ name: values.name, platformId, order: values.order ?? next() })
    .returning();
  return row!;
}

/** Gives users options (in the given order) of their school, creating the options as needed. */
export async function giveOptions(db: Database, user: { id: number; uai: string | null }, names: string[]) {
  for (const [index, name] of names.entries()) {
    await db.insert(options).values({ uai: user.uai!, name }).onConflictDoNothing();
    const [option] = await db
      .select()
      .from(options)
      .where(and(eq(options.uai, user.uai!), eq(options.name, name)));
    await db.insert(userOptions).values({ userId: user.id, optionId: option!.id, ordre: index + 1 });
  }
}

export async function giveApplication(
  db: Database,
  user: { id: number },
  application: { id: number },
  values: Partial<typeof userApplications.$inferInsert> = {},
) {
  await db.insert(userApplications).values({ userId: user.id, applicationId: application.id, status: 1, ...values });
}
