import type { RightsMap } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/client.js';
import { loginThrottle, users } from '../../platform/db/schema/index.js';

export type UserCredentialsRow = {
  id: number;
  profileId: number;
  uai: string | null;
  passwordHash: string | null;
  passwordEncrypted: string | null;
  disabled: boolean;
  locked: boolean;
  failedLogins: number;
};

const credentialColumns = {
  id: users.id,
  profileId: users.profileId,
  uai: users.uai,
  passwordHash: users.passwordHash,
  passwordEncrypted: users.passwordEncrypted,
  disabled: users.disabled,
  locked: users.locked,
  failedLogins: users.failedLogins,
};

export async function findCredentialsByLogin(db: Database, login: string): Promise<UserCredentialsRow | undefined> {
  const rows = await db.select(credentialColumns).from(users).where(sql`lower(${users.login}) = lower(${login})`).limit(1);
  return rows[0];
}

export async function findCredentialsByLinkToken(db: Database, token: string): Promise<UserCredentialsRow | undefined> {
  const rows = await db.select(credentialColumns).from(users).where(eq(users.linkToken, token)).limit(1);
  return rows[0];
}

export async function findCredentialsById(db: Executor, id: number): Promise<UserCredentialsRow | undefined> {
  const rows = await db.select(credentialColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Adds a failure and locks the account at `maxFailures`; answers the new count and lock state. */
export async function recordFailedLogin(
  db: Database,
  userId: number,
  maxFailures: number,
): Promise<{ failedLogins: number; locked: boolean }> {
  const rows = await db
    .update(users)
    .set({
      failedLogins: sql`${users.failedLogins} + 1`,
      locked: sql`${users.locked} or ${users.failedLogins} + 1 >= ${maxFailures}`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins, locked: users.locked });
  return rows[0] ?? { failedLogins: 0, locked: false };
}

export async function recordSuccessfulLogin(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lastLoginAt: new Date() }).where(eq(users.id, userId));
}

const THROTTLE_WINDOW = sql`interval '15 minutes'`;

/** Failures from one address within the current 15-minute window. */
export async function countAddressFailures(db: Database, key: string): Promise<number> {
  const rows = await db
    .select({ failures: loginThrottle.failures })
    .from(loginThrottle)
    .where(sql`${loginThrottle.key} = ${key} and ${loginThrottle.windowStartedAt} > now() - ${THROTTLE_WINDOW}`);
  return rows[0]?.failures ?? 0;
}

/** Counts one more failure for an address, starting a new window when the last one ended. */
export async function recordAddressFailure(db: Database, key: string): Promise<void> {
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStartedAt} > now() - ${THROTTLE_WINDOW} then ${loginThrottle.failures} + 1 else 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} > now() - ${THROTTLE_WINDOW} then ${loginThrottle.windowStartedAt} else now() end`,
      },
    });
}

export type SessionUserRow = {
  id: number;
  profile_id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  uai: string | null;
  login: string;
  link_token: string;
  rights: RightsMap | null;
};

/** The user and their profile's rights map, in one query. */
export async function loadSessionUserRow(db: Executor, userId: number): Promise<SessionUserRow | undefined> {
  const result = await db.execute<SessionUserRow>(sql`
    select u.id, u.profile_id, u.firstname, u.lastname, u.email, u.uai, u.login, u.link_token,
      (select json_object_agg(r.area, json_build_object('Lecture', r.lecture, 'Ecriture', r.ecriture))
         from profile_rights r where r.profile_id = u.profile_id) as rights
    from users u where u.id = ${userId}`);
  return result.rows[0];
}

export async function updatePassword(
  db: Executor,
  userId: number,
  stored: { passwordHash: string | null; passwordEncrypted: string | null },
  editor: string,
): Promise<void> {
  await db
    .update(users)
    .set({ ...stored, updatedAt: new Date(), updatedBy: editor })
    .where(eq(users.id, userId));
}

export async function unlockUser(db: Executor, userId: number, editor: string): Promise<void> {
  await db
    .update(users)
    .set({ locked: false, failedLogins: 0, updatedAt: new Date(), updatedBy: editor })
    .where(eq(users.id, userId));
}

export async function setLinkToken(db: Executor, userId: number, token: string, editor: string): Promise<void> {
  await db.update(users).set({ linkToken: token, updatedAt: new Date(), updatedBy: editor }).where(eq(users.id, userId));
}
