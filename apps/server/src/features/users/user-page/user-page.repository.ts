import { asc, desc, eq } from 'drizzle-orm';
import { listOwnDocuments } from '#features/documents/document-assignments.repository.js';
import type { Executor } from '#platform/db/client.js';
import { devices, options, schools, userApplications, userOptions } from '#platform/db/schema/index.js';
import { readTogether } from '#platform/db/reads.js';
import { listCatalogueApplications, type CatalogueApplication } from '../user-catalogue.repository.js';

export type AccessRow = typeof userApplications.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type UserOptionRow = { optionId: number; name: string; ordre: number };

export type UserPageRows = {
  schoolName: string | null;
  catalogue: CatalogueApplication[];
  accesses: AccessRow[];
  options: UserOptionRow[];
  devices: DeviceRow[];
  documents: Awaited<ReturnType<typeof listOwnDocuments>>;
};

/** A user's accesses to applications, as stored. */
export async function listUserAccesses(db: Executor, userId: number): Promise<AccessRow[]> {
  return db.select().from(userApplications).where(eq(userApplications.userId, userId));
}

/** A user's options in their order. */
export async function listUserOptions(db: Executor, userId: number): Promise<UserOptionRow[]> {
  return db
    .select({ optionId: options.id, name: options.name, ordre: userOptions.ordre })
    .from(userOptions)
    .innerJoin(options, eq(options.id, userOptions.optionId))
    .where(eq(userOptions.userId, userId))
    .orderBy(asc(userOptions.ordre), asc(options.name));
}

/**
 * Everything a user page shows beside the user row: school name, catalogue (its credential fields
 * by the user's school's settings), accesses, options, devices (newest first).
 */
export async function readUserPageRows(db: Executor, user: { id: number; uai: string | null }): Promise<UserPageRows> {
  const [schoolRows, catalogue, accesses, optionRows, deviceRows, documentRows] = await readTogether(db, [
    () =>
      user.uai === null
        ? Promise.resolve([])
        : db.select({ name: schools.name }).from(schools).where(eq(schools.uai, user.uai)).limit(1),
    () => listCatalogueApplications(db, user.uai),
    () => listUserAccesses(db, user.id),
    () => listUserOptions(db, user.id),
    () => db.select().from(devices).where(eq(devices.userId, user.id)).orderBy(desc(devices.modifiedAt), desc(devices.id)),
    () => listOwnDocuments(db, user),
  ]);
  return {
    schoolName: schoolRows[0]?.name ?? null,
    catalogue,
    accesses,
    options: optionRows,
    devices: deviceRows,
    documents: documentRows,
  };
}
