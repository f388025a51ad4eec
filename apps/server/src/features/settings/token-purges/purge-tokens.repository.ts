import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { applications } from '#platform/db/schema/index.js';

/** What a purge clears: the token statuses of one platform's applications, for some schools' users or all (null). */
export type PurgeScope = { platformId: string; uais: readonly string[] | null };

export type PurgeBatch = { fromUserId: number; toUserId: number; removed: number; ms: number };

/** A batch aims at this many milliseconds: each one holds its rows' locks for about that long at most. */
const TARGET_BATCH_MS = 40;
const FIRST_BATCH_IDS = 10_000;
const MIN_BATCH_IDS = 500;
const MAX_BATCH_IDS = 400_000;

function listOf(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

async function applicationIdsOf(db: Executor, platformId: string): Promise<number[]> {
  const rows = await db.select({ id: applications.id }).from(applications).where(eq(applications.platformId, platformId));
  return rows.map((row) => row.id);
}

function usersIn(scope: PurgeScope): SQL {
  return scope.uais === null ? sql`true` : sql`uai in (${listOf(scope.uais)})`;
}

async function userIdBounds(db: Executor, scope: PurgeScope): Promise<{ min: number; max: number } | null> {
  const result = await db.execute<{ min: number | null; max: number | null }>(
    sql`select min(id)::int as min, max(id)::int as max from users where ${usersIn(scope)}`,
  );
  const [row] = result.rows;
  return row?.min == null || row.max == null ? null : { min: row.min, max: row.max };
}

/** Only the accesses that hold a token status: the others have nothing to clear. */
const HOLDS_TOKEN = sql`(valid_token is not null or token_checked_at is not null)`;

/**
 * Clears the token statuses in scope (`valid_token`, the publisher's last word, and when it was
 * checked), so that the next synchronisation asks the publisher again. Runs in batches of user ids,
 * each its own statement: no batch holds its rows' locks much past TARGET_BATCH_MS (the size
 * follows the time the last batch took), and a reader of users or of their accesses never waits on
 * the whole purge. The users table is only read. Idempotent: a second run clears nothing more.
 * Answers the number of accesses cleared.
 */
export async function purgeTokens(db: Executor, scope: PurgeScope, onBatch?: (batch: PurgeBatch) => void): Promise<number> {
  if (scope.uais?.length === 0) return 0;
  const applicationIds = await applicationIdsOf(db, scope.platformId);
  if (applicationIds.length === 0) return 0;
  const bounds = await userIdBounds(db, scope);
  if (!bounds) return 0;
  let removed = 0;
  let size = FIRST_BATCH_IDS;
  for (let from = bounds.min; from <= bounds.max;) {
    const to = from + size;
    const startedAt = performance.now();
    const scoped =
      scope.uais === null
        ? sql``
        : sql`and user_id in (select id from users where ${usersIn(scope)} and id >= ${from} and id < ${to})`;
    const result = await db.execute<{ removed: number }>(sql`
      with cleared as (
        update user_applications set valid_token = null, token_checked_at = null
        where user_id >= ${from} and user_id < ${to} and application_id in (${listOf(applicationIds)}) and ${HOLDS_TOKEN} ${scoped}
        returning 1
      )
      select count(*)::int as removed from cleared`);
    const ms = performance.now() - startedAt;
    const batchRemoved = result.rows[0]?.removed ?? 0;
    removed += batchRemoved;
    onBatch?.({ fromUserId: from, toUserId: to, removed: batchRemoved, ms });
    from = to;
    if (ms < TARGET_BATCH_MS / 2) size = Math.min(MAX_BATCH_IDS, size * 2);
    else if (ms > TARGET_BATCH_MS * 1.5) size = Math.max(MIN_BATCH_IDS, Math.floor(size / 2));
  }
  return removed;
}

/** What a purge in scope would clear now: the accesses and the users they belong to (the preview). */
export async function countPurgeable(db: Executor, scope: PurgeScope): Promise<{ tokens: number; users: number }> {
  if (scope.uais?.length === 0) return { tokens: 0, users: 0 };
  const applicationIds = await applicationIdsOf(db, scope.platformId);
  if (applicationIds.length === 0) return { tokens: 0, users: 0 };
  const scoped = scope.uais === null ? sql`` : sql`and user_id in (select id from users where ${usersIn(scope)})`;
  const result = await db.execute<{ tokens: number; users: number }>(sql`
    select count(*)::int as tokens, count(distinct user_id)::int as users from user_applications
    where application_id in (${listOf(applicationIds)}) and ${HOLDS_TOKEN} ${scoped}`);
  return result.rows[0] ?? { tokens: 0, users: 0 };
}
