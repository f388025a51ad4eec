import { nameRulesOf, type NameRules } from '@console/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { managerSchools, options, regexSettings, userApplications, userOptions, users } from '#platform/db/schema/index.js';
import { presentRegexSettings } from '#features/schools/schools.presenter.js';

/** Writes a user's changed columns (with `updatedAt` and `updatedBy`). */
export async function updateUserRow(tx: Executor, userId: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, userId));
}

/** The name rules without a school's own login pattern (staff without a school). */
export async function loadGlobalNameRules(db: Executor): Promise<NameRules> {
  const rows = await db.select().from(regexSettings);
  return nameRulesOf({
    regexGlobal: presentRegexSettings(rows),
    regexEstab: [],
  });
}

/** A school's options, by name. */
export async function listSchoolOptionRows(db: Executor, uai: string): Promise<{ id: number; name: string }[]> {
  return db.select({ id: options.id, name: options.name }).from(options).where(eq(options.uai, uai)).orderBy(asc(options.name));
}

/** Replaces a user's option list. */
export async function replaceUserOptions(
  tx: Executor,
  userId: number,
  list: readonly { idOption: number; ordre: number }[],
): Promise<void> {
  await tx.delete(userOptions).where(eq(userOptions.userId, userId));
  if (list.length > 0)
    await tx.insert(userOptions).values(list.map((item) => ({ userId, optionId: item.idOption, ordre: item.ordre })));
}

export type AccessValues = { status: number; login: string | null; keys: string | null; passwordEncrypted?: string };

/** Creates or updates a user's access to an application; the stored platform password is kept unless one is given. */
export async function upsertUserAccess(tx: Executor, userId: number, applicationId: number, values: AccessValues): Promise<void> {
  const set = {
    status: values.status,
    login: values.login,
    keys: values.keys,
    ...(values.passwordEncrypted !== undefined && { passwordEncrypted: values.passwordEncrypted }),
  };
  await tx
    .insert(userApplications)
    .values({ userId, applicationId, ...set })
    .onConflictDoUpdate({ target: [userApplications.userId, userApplications.applicationId], set });
}

/** The schools a Gestionnaire manages. */
export async function listManagedSchools(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ uai: managerSchools.uai })
    .from(managerSchools)
    .where(eq(managerSchools.userId, userId))
    .orderBy(asc(managerSchools.uai));
  return rows.map((row) => row.uai);
}

export async function addManagedSchool(tx: Executor, userId: number, uai: string): Promise<void> {
  await tx.insert(managerSchools).values({ userId, uai }).onConflictDoNothing();
}

export async function removeManagedSchools(tx: Executor, userId: number): Promise<void> {
  await tx.delete(managerSchools).where(eq(managerSchools.userId, userId));
}
