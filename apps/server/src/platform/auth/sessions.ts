import { profileNameOf, type RightsMap } from '@console/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Actor } from '../context.js';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import { hashToken, randomToken } from './secrets.js';

export const SESSION_COOKIE = 'sid';

/** How often a live session's expiry is pushed forward: not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** Creates a session for a user and returns the cookie token (only its hash is stored). */
export async function createSession(db: Database, userId: number, ttlHours: number): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
  return token;
}

type SessionRow = {
  session_id: string;
  last_seen_at: string | Date;
  id: number;
  profile_id: number;
  uai: string | null;
  login: string;
  firstname: string;
  lastname: string;
  rights: RightsMap | null;
};

/**
 * The caller of a session token, with their rights map, in one query; undefined when the token
 * is unknown, expired, or its user is disabled or locked.
 */
export async function findSessionActor(db: Database, token: string, ttlHours: number): Promise<Actor | undefined> {
  const id = hashToken(token);
  const result = await db.execute<SessionRow>(sql`
    select s.id as session_id, s.last_seen_at, u.id, u.profile_id, u.uai, u.login, u.firstname, u.lastname,
      (select json_object_agg(r.area, json_build_object('Lecture', r.lecture, 'Ecriture', r.ecriture))
         from profile_rights r where r.profile_id = u.profile_id) as rights
    from sessions s join users u on u.id = s.user_id
    where s.id = ${id} and s.expires_at > now() and not u.disabled and not u.locked`);
  const row = result.rows[0];
  if (!row) return undefined;
  const profile = profileNameOf(row.profile_id);
  if (!profile) return undefined;
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + ttlHours * 3_600_000) })
      .where(eq(sessions.id, id));
  }
  return {
    id: row.id,
    sessionId: row.session_id,
    profile,
    profileId: row.profile_id,
    uai: row.uai,
    login: row.login,
    firstname: row.firstname,
    lastname: row.lastname,
    rights: row.rights ?? {},
  };
}

export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends every session of a user (password change, lock, disable). */
export async function deleteUserSessions(db: Database, userId: number, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`) : eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

