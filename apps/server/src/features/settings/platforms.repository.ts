import type { settings } from '@console/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { platforms } from '#platform/db/schema/index.js';

type PlatformRow = typeof platforms.$inferSelect;

/** A platform row as the catalogue answers it (no export file reads as ''). */
export function presentPlatform(row: PlatformRow): settings.PlatformSetting {
  return {
    idPlateforme: row.id,
    name: row.name,
    order: row.order,
    exportFile: row.exportFile ?? '',
    exportType: row.exportType === 'XLSX' ? 'XLSX' : 'CSV',
    forExport: row.forExport,
    urlSchemeLoginRequired: row.urlSchemeLoginRequired,
    urlSchemePwdRequired: row.urlSchemePwdRequired,
    urlSchemeCodeYesNo: row.urlSchemeCodeYesNo,
    urlSchemeCodeRequired: row.urlSchemeCodeRequired,
    platformCodeYesNo: row.platformCodeYesNo,
    platformCodeRequired: row.platformCodeRequired,
    urls: row.urls.map((url) => ({ picturePath: url.picturePath ?? '' })),
  };
}

/** The columns a saved platform writes (the id apart). */
export function platformColumns(platform: settings.PlatformUpdate): Omit<typeof platforms.$inferInsert, 'id'> {
  return {
    name: platform.name,
    order: platform.order,
    exportFile: platform.exportFile === '' ? null : platform.exportFile,
    exportType: platform.exportType,
    forExport: platform.forExport,
    urlSchemeLoginRequired: platform.urlSchemeLoginRequired,
    urlSchemePwdRequired: platform.urlSchemePwdRequired,
    urlSchemeCodeYesNo: platform.urlSchemeCodeYesNo,
    urlSchemeCodeRequired: platform.urlSchemeCodeRequired,
    platformCodeYesNo: platform.platformCodeYesNo,
    platformCodeRequired: platform.platformCodeRequired,
    urls: platform.urls.map((url) => (url.picturePath === '' ? {} : { picturePath: url.picturePath })),
  };
}

/** Every platform, by order then name. */
export async function listPlatforms(db: Executor): Promise<settings.PlatformSetting[]> {
  const rows = await db.select().from(platforms).orderBy(asc(platforms.order), asc(platforms.name));
  return rows.map(presentPlatform);
}

/**
 * Serialises the catalogue's saves until the transaction ends: the checks that a name or an id is
 * free, then the write, are never interleaved with another save's (a row lock cannot guard a row
 * that does not exist yet).
 */
export async function lockCatalogue(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings.catalogue'))`);
}

export async function findPlatform(db: Executor, id: string): Promise<PlatformRow | undefined> {
  const [row] = await db.select().from(platforms).where(eq(platforms.id, id)).limit(1);
  return row;
}

/** The id of the platform with this name (case and surrounding spaces ignored), if any. */
export async function platformIdNamed(db: Executor, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: platforms.id })
    .from(platforms)
    .where(sql`lower(${platforms.name}) = lower(${name})`)
    .limit(1);
  return row?.id;
}

export async function insertPlatform(
  tx: Executor,
  id: string,
  columns: Omit<typeof platforms.$inferInsert, 'id'>,
): Promise<PlatformRow> {
  const [row] = await tx
    .insert(platforms)
    .values({ id, ...columns })
    .returning();
  return row!;
}

export async function updatePlatform(
  tx: Executor,
  id: string,
  columns: Omit<typeof platforms.$inferInsert, 'id'>,
): Promise<PlatformRow> {
  const [row] = await tx.update(platforms).set(columns).where(eq(platforms.id, id)).returning();
  return row!;
}
