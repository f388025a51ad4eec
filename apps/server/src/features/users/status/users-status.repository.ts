import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';

/** Disables (with the time) or enables some users, marking them edited by `editor`. */
export async function writeDisabled(
  executor: Executor,
  userIds: readonly number[],
  disabledAt: Date | null,
  editor: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await executor.execute(sql`
    update users set disabled = ${disabledAt !== null}, disabled_at = ${disabledAt?.toISOString() ?? null}::timestamptz, updated_at = now(), updated_by = ${editor}
    where id = any(${sql.param([...userIds])}::int[])`);
}

/** Ends every session of some users, so that they are signed out at once. */
export async function deleteSessionsOfUsers(executor: Executor, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await executor.execute(sql`delete from sessions where user_id = any(${sql.param([...userIds])}::int[])`);
}
