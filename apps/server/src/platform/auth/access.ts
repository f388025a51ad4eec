import { PROFILES, profileNameOf, users as contract } from '@console/contract';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Actor } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { managerSchools, users } from '#platform/db/schema/index.js';
import { AppError } from '#platform/errors/app-error.js';

/**
 * Who may do what, in one place: which schools a caller reaches, which users, and whether they
 * may act on a user they reach. Features ask here and never write their own scope SQL, so that
 * one change of a rule reaches every route. Lists are scoped in the query (`schoolScopeCondition`),
 * never filtered after reading. Out of reach answers 404 whether the thing exists or not, so
 * that nothing tells one from the other; within reach but not to be acted on answers 403.
 */

/** The caller as the access rules see them. */
export type AccessActor = Pick<Actor, 'id' | 'profile' | 'uai'>;

type AccessContext = { db: Executor; actor: AccessActor };

// ---------------------------------------------------------------- which schools

/**
 * Which schools a caller reaches: an Administrateur all of them, a Gestionnaire those assigned
 * to them, a school administrator their own, an Eleve or Enseignant none (only their account).
 */
export type SchoolScope =
  { kind: 'all' } | { kind: 'assigned'; managerId: number } | { kind: 'own'; uai: string | null } | { kind: 'none' };

export function schoolScopeOf(actor: AccessActor): SchoolScope {
  switch (actor.profile) {
    case 'Administrateur':
      return { kind: 'all' };
    case 'Gestionnaire':
      return { kind: 'assigned', managerId: actor.id };
    case 'Administrateur établissement':
      return { kind: 'own', uai: actor.uai };
    default:
      return { kind: 'none' };
  }
}

/**
 * One school, as a scope: a query of a school the caller was checked to reach
 * (requireReachableSchool) scoped like the caller's own lists.
 */
export function oneSchoolScope(uai: string): SchoolScope {
  return { kind: 'own', uai };
}

/** Whether the caller reaches every school, and staff without a school too. */
export function reachesEverySchool(actor: AccessActor): boolean {
  return schoolScopeOf(actor).kind === 'all';
}

/** The answer to a school that is unknown or out of reach (alike). */
export const schoolNotFound = () => new AppError('not_found', 'No such school');

/**
 * Whether the caller reaches a school, known or not (no query but for a Gestionnaire). A null UAI
 * (staff without a school) is reached by Administrateurs only.
 */
export async function canReachSchool(ctx: AccessContext, uai: string | null): Promise<boolean> {
  const scope = schoolScopeOf(ctx.actor);
  switch (scope.kind) {
    case 'all':
      return true;
    case 'own':
      return uai !== null && scope.uai === uai;
    case 'none':
      return false;
    case 'assigned': {
      if (uai === null) return false;
      const rows = await ctx.db
        .select({ uai: managerSchools.uai })
        .from(managerSchools)
        .where(and(eq(managerSchools.userId, scope.managerId), eq(managerSchools.uai, uai)))
        .limit(1);
      return rows.length > 0;
    }
  }
}

/**
 * Of the given UAIs, those of existing schools the caller reaches, in one scoped query. The UAIs
 * travel as one text parameter (they hold no comma): thousands of `in ($1, $2, ...)` parameters
 * cost PGlite more than the query; the answer comes back as one JSON text, which PGlite decodes
 * far faster than as many rows (bench/workflows.bench.ts).
 */
export async function listReachableUais(db: Executor, actor: AccessActor, uais: readonly string[]): Promise<string[]> {
  if (uais.length === 0) return [];
  const result = await db.execute<{ uais: string | null }>(sql`
    select json_agg(s.uai order by s.uai)::text as uais from schools s
    where s.uai = any(string_to_array(${uais.join(',')}, ',')) and ${schoolScopeCondition(actor, sql`s.uai`)}`);
  const text = result.rows[0]?.uais;
  return text ? (JSON.parse(text) as string[]) : [];
}

/**
 * Throws `not_found` ("No such school") unless the school exists and the caller reaches it. A
 * feature that needs the school's row reads it afterwards.
 */
export async function requireReachableSchool(ctx: AccessContext, uai: string): Promise<void> {
  if ((await listReachableUais(ctx.db, ctx.actor, [uai])).length === 0) throw schoolNotFound();
}

/** The SQL condition "this UAI is within the scope". A null UAI passes for the scope `all` only. */
export function scopeCondition(scope: SchoolScope, uaiColumn: SQL | AnyColumn): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'assigned':
      return sql`${uaiColumn} in (select ms.uai from manager_schools ms where ms.user_id = ${scope.managerId})`;
    case 'own':
      return scope.uai === null ? sql`false` : sql`${uaiColumn} = ${scope.uai}`;
    case 'none':
      return sql`false`;
  }
}

/** The SQL condition keeping the rows whose UAI column the caller reaches: how every list is scoped. */
export function schoolScopeCondition(actor: AccessActor, uaiColumn: SQL | AnyColumn): SQL {
  return scopeCondition(schoolScopeOf(actor), uaiColumn);
}

// ---------------------------------------------------------------- which users

/** A users row as the access helpers answer it. */
export type UserRecord = typeof users.$inferSelect;

/** The answer to a user who is unknown or out of reach (alike). */
export const userNotFound = () => new AppError('not_found', 'No such user');

/** Whether the caller reaches a user: themself always, others through the user's school. */
export async function canReachUser(ctx: AccessContext, user: { id: number; uai: string | null }): Promise<boolean> {
  if (user.id === ctx.actor.id) return true;
  return canReachSchool(ctx, user.uai);
}

type FindOptions = { allowSelf?: boolean; forUpdate?: boolean };

/**
 * One user the caller reaches, to read: a user of their schools, or themself when `allowSelf`
 * (the user page). Throws `not_found` otherwise.
 */
export async function findReachableUser(
  db: Executor,
  actor: AccessActor,
  id: number,
  { allowSelf = false, forUpdate = false }: FindOptions = {},
): Promise<UserRecord> {
  const selfCondition = allowSelf ? sql`${users.id} = ${actor.id} or ` : sql``;
  const query = db
    .select()
    .from(users)
    .where(sql`${users.id} = ${id} and (${selfCondition}${schoolScopeCondition(actor, users.uai)})`)
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw userNotFound();
  return row;
}

/** Users named by id, or by login (compared case-insensitively, as the unique index does). */
type UserKeys = { ids: readonly number[] } | { logins: readonly string[] };

/**
 * The users of `keys` within the caller's schools, each once, in the order of the keys. Throws
 * `not_found` when any key is unknown or out of reach: an action then touches nobody.
 */
async function selectReachable(db: Executor, actor: AccessActor, keys: UserKeys, forUpdate: boolean): Promise<UserRecord[]> {
  const byLogin = 'logins' in keys;
  const unique = [...new Set<number | string>(byLogin ? keys.logins.map((login) => login.toLowerCase()) : keys.ids)];
  const match = byLogin
    ? sql`lower(${users.login}) = any(${sql.param(unique)}::text[])`
    : sql`${users.id} = any(${sql.param(unique)}::int[])`;
  const query = db
    .select()
    .from(users)
    .where(sql`${match} and ${schoolScopeCondition(actor, users.uai)}`);
  const rows = forUpdate ? await query.for('update') : await query;
  if (rows.length !== unique.length) throw userNotFound();
  const byKey = new Map(rows.map((row) => [byLogin ? row.login.toLowerCase() : row.id, row]));
  return unique.map((key) => byKey.get(key)!);
}

/** The users of `ids` the caller reaches, to read (see `selectReachable`). Throws `not_found`. */
export async function selectReachableUsers(db: Executor, actor: AccessActor, ids: readonly number[]): Promise<UserRecord[]> {
  return selectReachable(db, actor, { ids }, false);
}

// ---------------------------------------------------------------- may act on a user

/*
 * The one rule for acting on another user's account (spec 1 §6, spec 3 §6). Reaching a user lets
 * a caller see them; acting on them (editing, resetting a password or login, issuing a sign-in
 * link, enabling or disabling, binning or restoring, unlocking, mailing credentials, bulk changes)
 * also needs that the caller may give the user's profile (the contract's `users.canManageProfile`),
 * and, for a Gestionnaire, that every school the target manages is within the caller's reach:
 * otherwise taking over the account would open schools the caller does not reach. Reach is
 * checked first (404), then this (403).
 */

/** A user about to be acted on: their id and profile id (a live user or one in the bin). */
export type ActionTarget = { id: number; profileId: number };

export const ACTION_FORBIDDEN =
  "This user's account is above the caller's: their profile or their schools are beyond the caller's reach";

/**
 * The ids among `targets` the caller may act on (never throws). One query at most, and only when
 * a Gestionnaire acts on another Gestionnaire; `source` says where the targets' managed schools
 * are kept: `live` users in manager_schools, users in the bin in their snapshot.
 */
export async function listActionableUserIds(
  db: Executor,
  actor: AccessActor,
  targets: readonly ActionTarget[],
  source: 'live' | 'bin' = 'live',
): Promise<Set<number>> {
  const allowed = targets.filter((target) => {
    const profile = profileNameOf(target.profileId);
    return profile !== undefined && contract.canManageProfile(actor.profile, profile);
  });
  const managers = allowed.filter((target) => target.profileId === PROFILES.Gestionnaire && target.id !== actor.id);
  const beyond =
    managers.length > 0 && !reachesEverySchool(actor)
      ? await listManagersBeyondReach(
          db,
          actor,
          managers.map((target) => target.id),
          source,
        )
      : new Set<number>();
  return new Set(allowed.filter((target) => !beyond.has(target.id)).map((target) => target.id));
}

/** Whether the caller may act on one user (see the rule above). */
export async function mayActOnUser(db: Executor, actor: AccessActor, target: ActionTarget): Promise<boolean> {
  return (await listActionableUserIds(db, actor, [target])).has(target.id);
}

/**
 * Throws `forbidden` when the caller may not act on one of `targets` (then the caller changes
 * nobody). Call it after checking that the caller reaches them.
 */
export async function assertMayActOnUsers(
  db: Executor,
  actor: AccessActor,
  targets: readonly ActionTarget[],
  source: 'live' | 'bin' = 'live',
): Promise<void> {
  const actionable = await listActionableUserIds(db, actor, targets, source);
  if (targets.some((target) => !actionable.has(target.id)))
    throw new AppError('forbidden', ACTION_FORBIDDEN, { reason: 'target_above_caller' });
}

/** The Gestionnaires of `ids` who manage a school outside the caller's reach. */
async function listManagersBeyondReach(
  db: Executor,
  actor: AccessActor,
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

/**
 * The users of `ids` the caller reaches and may act on, locked for update within the caller's
 * transaction, in the order of `ids`. Throws `not_found` when any is unknown or out of reach,
 * `forbidden` when the caller may not act on one of them: a bulk action touching one such user
 * changes nobody.
 */
export async function lockManageableUsers(tx: Executor, actor: AccessActor, ids: readonly number[]): Promise<UserRecord[]> {
  const rows = await selectReachable(tx, actor, { ids }, true);
  await assertMayActOnUsers(tx, actor, rows);
  return rows;
}

/**
 * The same users as `lockManageableUsers`, without a lock: for actions that read users and change
 * nothing of them (mailing them, calling an outside service), so that no lock is held meanwhile.
 */
export async function readManageableUsers(db: Executor, actor: AccessActor, ids: readonly number[]): Promise<UserRecord[]> {
  return readManageable(db, actor, { ids });
}

/** As `readManageableUsers`, for users named by login (each once, compared case-insensitively). */
export async function readManageableUsersByLogin(
  db: Executor,
  actor: AccessActor,
  logins: readonly string[],
): Promise<UserRecord[]> {
  return readManageable(db, actor, { logins });
}

async function readManageable(db: Executor, actor: AccessActor, keys: UserKeys): Promise<UserRecord[]> {
  const rows = await selectReachable(db, actor, keys, false);
  await assertMayActOnUsers(db, actor, rows);
  return rows;
}

/**
 * One user the caller reaches and may act on (themself included when `allowSelf`). Throws
 * `not_found` out of reach, `forbidden` when the caller may not act on them.
 */
export async function findManageableUser(
  db: Executor,
  actor: AccessActor,
  id: number,
  options: FindOptions = {},
): Promise<UserRecord> {
  const row = await findReachableUser(db, actor, id, options);
  await assertMayActOnUsers(db, actor, [row]);
  return row;
}
