import { auth, type InterfaceLanguage } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '#platform/db/client.js';
import { loginThrottle, users } from '#platform/db/schema/index.js';

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

export async function findCredentialsById(db: Executor, id: number): Promise<UserCredentialsRow | undefined> {
  const rows = await db.select(credentialColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Adds a failure and locks the account at `maxFailures`; answers the new count and lock state. */
export async function recordFailedLogin(
  db: Executor,
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

const THROTTLE_WINDOW = sql`interval '15 minutes'`;

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

export type SignInCandidate = UserCredentialsRow & {
  schoolName: string | null;
  firstname: string;
  lastname: string;
  email: string | null;
  login: string;
  linkToken: string;
  language: InterfaceLanguage | null;
};

/**
 * In one query: the account of a login (case-insensitive) or of a link token, and the failures
 * of the client address in the current window.
 */
export async function findSignInCandidate(
  db: Database,
  by: { login: string } | { linkToken: string },
  addressKey: string,
): Promise<{ account: SignInCandidate | undefined; addressFailures: number }> {
  const match = 'login' in by ? sql`lower(u.login) = lower(${by.login})` : sql`u.link_token = ${by.linkToken}`;
  const result = await db.execute<{
    id: number | null;
    profile_id: number;
    uai: string | null;
    password_hash: string | null;
    password_encrypted: string | null;
    disabled: boolean;
    locked: boolean;
    failed_logins: number;
    school_name: string | null;
    firstname: string;
    lastname: string;
    email: string | null;
    login: string;
    link_token: string;
    language: string | null;
    address_failures: number | null;
  }>(sql`
    select u.id, u.profile_id, u.uai, u.password_hash, u.password_encrypted, u.disabled, u.locked, u.failed_logins,
      sc.name as school_name, u.firstname, u.lastname, u.email, u.login, u.link_token, u.language,
      (select t.failures from login_throttle t
        where t.key = ${addressKey} and t.window_started_at > now() - ${THROTTLE_WINDOW}) as address_failures
    from (select 1) as one left join users u on ${match} left join schools sc on sc.uai = u.uai
    limit 1`);
  const row = result.rows[0];
  const addressFailures = row?.address_failures ?? 0;
  if (!row || row.id === null) return { account: undefined, addressFailures };
  return {
    addressFailures,
    account: {
      id: row.id,
      profileId: row.profile_id,
      uai: row.uai,
      passwordHash: row.password_hash,
      passwordEncrypted: row.password_encrypted,
      disabled: row.disabled,
      locked: row.locked,
      failedLogins: row.failed_logins,
      schoolName: row.school_name,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      login: row.login,
      linkToken: row.link_token,
      language: auth.interfaceLanguageOf(row.language),
    },
  };
}

/** Resets the failure count, stamps the sign-in and inserts the session, in one statement. */
export async function recordSignIn(db: Database, userId: number, sessionId: string, expiresAt: Date): Promise<void> {
  await db.execute(sql`
    with signed_in as (update users set failed_logins = 0, last_login_at = now() where id = ${userId} returning id)
    insert into sessions (id, user_id, expires_at) select ${sessionId}, id, ${expiresAt.toISOString()}::timestamptz from signed_in`);
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

/** Keeps a user's interface language; not an edit of the account (no updatedAt, no editor). */
export async function saveLanguage(db: Executor, userId: number, language: InterfaceLanguage): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
