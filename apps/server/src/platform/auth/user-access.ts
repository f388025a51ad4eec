import { PROFILES, profileNameOf, users } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { Actor } from '../context.js';
import type { Executor } from '../db/client.js';
import { AppError } from '../errors/app-error.js';
import { schoolScopeCondition, schoolScopeOf } from './school-scope.js';

/**
 * The one rule for acting on another user's account (spec 1 §6, spec 3 §6). Reaching a user
 * (their school is within the caller's scope) lets a caller see them; acting on them (editing,
 * resetting a password or login, issuing a sign-in link, enabling or disabling, binning or
 * restoring, unlocking, mailing credentials, bulk changes) also needs that the caller may give
 * the user's profile (`users.canManageProfile`), and, for a Gestionnaire, that every school the
 * target manages is within the caller's reach: otherwise taking over the account would open
 * schools the caller does not reach. Callers check reach first (404), then this (403).
 */

/** A user about to be acted on: their id and profile id (a live user or one in the bin). */
export type ActionTarget = { id: number; profileId: number };

export const ACTION_FORBIDDEN = "This user's account is above the caller's: their profile or their schools are beyond the caller's reach";

function forbiddenAction(): AppError {
  return new AppError('forbidden', ACTION_FORBIDDEN);
}

/**
 * The ids among `targets` the caller may act on (never throws). One query at most, and only when
 * a Gestionnaire acts on another Gestionnaire; `source` says where the targets' managed schools
 * are kept: `live` users in manager_schools, users in the bin in their snapshot.
 */
export async function listActionableUserIds(
  db: Executor,
  actor: Pick<Actor, 'id' | 'profile' | 'uai'>,
  targets: readonly ActionTarget[],
  source: 'live' | 'bin' = 'live',
): Promise<Set<number>> {
  const allowed = targets.filter((target) => {
    const profile = profileNameOf(target.profileId);
    return profile !== undefined && users.canManageProfile(actor.profile, profile);
  });
  const managers = allowed.filter((target) => target.profileId === PROFILES.Gestionnaire && target.id !== actor.id);
  const beyond =
    managers.length > 0 && schoolScopeOf(actor).kind !== 'all'
      ? await listManagersBeyondReach(
          db,
          actor,
          managers.map((target) => target.id),
          source,
        )
      : new Set<number>();
  return new Set(allowed.filter((target) => !beyond.has(target.id)).map((target) => target.id));
}

/** Whether the caller may act on one user (see the module's rule). */
export async function mayActOnUser(db: Executor, actor: Pick<Actor, 'id' | 'profile' | 'uai'>, target: ActionTarget): Promise<boolean> {
  return (await listActionableUserIds(db, actor, [target])).has(target.id);
}

/**
 * Throws `forbidden` when the caller may not act on one of `targets` (then the caller changes
 * nobody). Call it after checking that the caller reaches them.
 */
export async function assertMayActOnUsers(
  db: Executor,
  actor: Pick<Actor, 'id' | 'profile' | 'uai'>,
  targets: readonly ActionTarget[],
  source: 'live' | 'bin' = 'live',
): Promise<void> {
  const actionable = await listActionableUserIds(db, actor, targets, source);
  if (targets.some((target) => !actionable.has(target.id))) throw forbiddenAction();
}

/** The Gestionnaires of `ids` who manage a school outside the caller's reach. */
async function listManagersBeyondReach(
  db: Executor,
  actor: Pick<Actor, 'id' | 'profile' | 'uai'>,
  ids: readonly number[],
  source: 'live' | 'bin',
): Promise<Set<number>> {
  const idList = sql`${sql.param([...ids])}::int[]`;
  const query =
    source === 'live'
      ? sql`select distinct managed.user_id from manager_schools managed
          where managed.user_id = any(${idList}) and not (${schoolScopeCondition(actor, sql`managed.uai`)})`
      : sql`select distinct d.user_id from deleted_users d
          cross join lateral jsonb_array_elements_text(coalesce(d.snapshot->'managedSchools', '[]'::jsonb)) as managed(uai)
          where d.user_id = any(${idList}) and not (${schoolScopeCondition(actor, sql`managed.uai`)})`;
  const result = await db.execute<{ user_id: number }>(query);
  return new Set(result.rows.map((row) => row.user_id));
}
