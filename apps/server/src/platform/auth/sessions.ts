import { auth, profileNameOf } from '@console/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Actor } from '#platform/context.js';
import type { Database, Executor } from '#platform/db/client.js';
import { loginThrottle, sessions } from '#platform/db/schema/index.js';
import { getProfileRights } from './rights-cache.js';
import { hashToken } from './secrets.js';

export const SESSION_COOKIE = 'sid';

/** How often a live session's expiry is pushed forward: not on every request. */
const TOUCH_INTERVAL_MS = 60_000;
const CACHE_LIMIT = 20_000;

export type SessionOptions = { ttlHours: number; cacheMs: number };

type Cached = { actor: Actor; until: number };
const caches = new WeakMap<Database, Map<string, Cached>>();

function cacheOf(db: Database): Map<string, Cached> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

type SessionRow = {
  session_id: string;
  last_seen_at: string | Date;
  expires_at: string | Date;
  id: number;
  profile_id: number;
  uai: string | null;
  school_name: string | null;
  login: string;
  firstname: string;
  lastname: string;
  email: string | null;
  link_token: string;
  language: string | null;
};

/**
 * The caller of a session token; undefined when the token is unknown or expired, or its user is
 * disabled or locked. A validated session is kept in this process for `cacheMs` (a few seconds):
 * every revocation drops it at once here and, with Redis, on the other instances (realtime.ts);
 * without Redis another instance keeps it at most that long.
 */
export async function findSessionActor(db: Database, token: string, options: SessionOptions): Promise<Actor | undefined> {
  const id = hashToken(token);
  const cache = cacheOf(db);
  const cached = cache.get(id);
  if (cached && cached.until > Date.now()) return cached.actor;
  if (cached) cache.delete(id);

  const result = await db.execute<SessionRow>(sql`
    select s.id as session_id, s.last_seen_at, s.expires_at, u.id, u.profile_id, u.uai, sc.name as school_name, u.login,
      u.firstname, u.lastname, u.email, u.link_token, u.language
    from sessions s join users u on u.id = s.user_id left join schools sc on sc.uai = u.uai
    where s.id = ${id} and s.expires_at > now() and not u.disabled and not u.locked`);
  const row = result.rows[0];
  if (!row) return undefined;
  const profile = profileNameOf(row.profile_id);
  if (!profile) return undefined;
  let expiresAt = new Date(row.expires_at).getTime();
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    expiresAt = Date.now() + options.ttlHours * 3_600_000;
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(expiresAt) })
      .where(eq(sessions.id, id));
  }
  const actor: Actor = {
    id: row.id,
    sessionId: row.session_id,
    profile,
    profileId: row.profile_id,
    uai: row.uai,
    schoolName: row.school_name,
    login: row.login,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    linkToken: row.link_token,
    language: auth.interfaceLanguageOf(row.language),
    rights: await getProfileRights(db, row.profile_id),
  };
  if (options.cacheMs > 0) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(id, { actor, until: Math.min(Date.now() + options.cacheMs, expiresAt) });
  }
  return actor;
}

/**
 * Sessions to drop from the caches: by id (a logout) or by user (all but `exceptSessionId`).
 * `ended`: the sessions are over (logout, password change, lock, disable), so their realtime
 * connections close too; otherwise only the user's data changed and is read afresh.
 */
export type SessionRevocation = { sessionIds?: string[]; userIds?: number[]; exceptSessionId?: string; ended: boolean };

const revocationListeners = new WeakMap<Database, ((revocation: SessionRevocation) => void)[]>();

/**
 * Called at each revocation made in this process (after its own cache dropped them): the
 * realtime server closes the sessions' sockets and, with Redis, tells the other instances.
 */
export function onSessionRevocation(db: Database, listener: (revocation: SessionRevocation) => void): () => void {
  const listeners = revocationListeners.get(db) ?? [];
  revocationListeners.set(db, [...listeners, listener]);
  return () =>
    revocationListeners.set(
      db,
      (revocationListeners.get(db) ?? []).filter((candidate) => candidate !== listener),
    );
}

/** Drops the revoked sessions from this process's cache (a revocation made here or on another instance). */
export function forgetRevokedSessions(db: Database, revocation: SessionRevocation): void {
  const cache = cacheOf(db);
  for (const id of revocation.sessionIds ?? []) cache.delete(id);
  if (!revocation.userIds?.length) return;
  const userIds = new Set(revocation.userIds);
  for (const [id, cached] of cache) if (userIds.has(cached.actor.id) && id !== revocation.exceptSessionId) cache.delete(id);
}

function revoke(db: Database, revocation: SessionRevocation): void {
  forgetRevokedSessions(db, revocation);
  for (const listener of revocationListeners.get(db) ?? []) listener(revocation);
}

export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  const id = hashToken(token);
  await db.delete(sessions).where(eq(sessions.id, id));
  revoke(db, { sessionIds: [id], ended: true });
}

/**
 * Deletes every session of a user but one (password change, a new login), inside the caller's
 * transaction: once it committed, `forgetUserSessions(db, userId, { ended: true, exceptSessionId })`.
 */
export async function deleteUserSessionRows(executor: Executor, userId: number, exceptSessionId?: string): Promise<void> {
  await executor
    .delete(sessions)
    .where(
      exceptSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`) : eq(sessions.userId, userId),
    );
}

/**
 * Drops a user's cached sessions (all but `exceptSessionId`) on every instance, so that a change
 * to the user is seen at once; `ended` when the change ends them (a lock, a new password), which
 * also closes their realtime connections. Never fails: it touches no database.
 */
export function forgetUserSessions(db: Database, userId: number, options: { ended: boolean; exceptSessionId?: string }): void {
  revoke(db, {
    userIds: [userId],
    ended: options.ended,
    ...(options.exceptSessionId && { exceptSessionId: options.exceptSessionId }),
  });
}

/** Ends the sessions of several users on every instance at once (a bulk disable). */
export function forgetSessionsOfUsers(db: Database, userIds: ReadonlySet<number>): void {
  revoke(db, { userIds: [...userIds], ended: true });
}

/**
 * Deletes expired sessions and sign-in throttle windows over for an hour. Idempotent, so that
 * every instance may run it on its own schedule.
 */
export async function purgeExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  await db.delete(loginThrottle).where(lt(loginThrottle.windowStartedAt, new Date(Date.now() - 3_600_000)));
}
