import type { Executor } from '#platform/db/client.js';
import { userApplications, users } from '#platform/db/schema/index.js';

export async function insertUser(executor: Executor, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await executor.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

/** A new user's accesses, one multi-row insert. */
export async function insertAccesses(executor: Executor, rows: readonly (typeof userApplications.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await executor.insert(userApplications).values([...rows]);
}
