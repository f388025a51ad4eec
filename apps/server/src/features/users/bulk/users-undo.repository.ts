import { eq, lt } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { bulkUndoEntries } from '#platform/db/schema/index.js';

export type UndoEntryRow = typeof bulkUndoEntries.$inferSelect;

export async function insertUndoEntry(executor: Executor, entry: typeof bulkUndoEntries.$inferInsert): Promise<void> {
  await executor.insert(bulkUndoEntries).values(entry);
}

/** The entry of a hashed token, locked so that two undos of it cannot both run. */
export async function findUndoEntryForUpdate(executor: Executor, id: string): Promise<UndoEntryRow | undefined> {
  const [row] = await executor.select().from(bulkUndoEntries).where(eq(bulkUndoEntries.id, id)).limit(1).for('update');
  return row;
}

export async function deleteUndoEntry(executor: Executor, id: string): Promise<void> {
  await executor.delete(bulkUndoEntries).where(eq(bulkUndoEntries.id, id));
}

/** Deletes the entries that expired before `now`. */
export async function deleteExpiredUndoEntries(executor: Executor, now: Date): Promise<void> {
  await executor.delete(bulkUndoEntries).where(lt(bulkUndoEntries.expiresAt, now));
}
