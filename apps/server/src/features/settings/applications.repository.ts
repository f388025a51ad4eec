import { settings } from '@console/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { applications, type ApplicationUrls } from '#platform/db/schema/index.js';

type ApplicationRow = typeof applications.$inferSelect;
type ApplicationColumns = Omit<typeof applications.$inferInsert, 'id'>;

/** An application row as the catalogue answers it (an address not set reads as ''). */
export function presentApplication(row: ApplicationRow): settings.ApplicationSetting {
  const urls = Object.fromEntries(
    settings.APPLICATION_URL_FIELDS.map((field) => [field, row.urls[field] ?? '']),
  ) as settings.ApplicationUrls;
  return {
    idApplication: row.id,
    idPlateforme: row.platformId,
    name: row.name,
    order: row.order,
    showTokenStatus: row.showTokenStatus,
    applicationCodeYesNo: row.applicationCodeYesNo,
    applicationCodeRequired: row.applicationCodeRequired,
    urls,
  };
}

/** The columns a saved application writes; addresses left empty are not stored. */
export function applicationColumns(application: settings.ApplicationUpdate, order: number): ApplicationColumns {
  const urls = Object.fromEntries(Object.entries(application.urls).filter(([, value]) => value !== '')) as ApplicationUrls;
  return {
    platformId: application.idPlateforme,
    name: application.name,
    order,
    showTokenStatus: application.showTokenStatus,
    applicationCodeYesNo: application.applicationCodeYesNo,
    applicationCodeRequired: application.applicationCodeRequired,
    urls,
  };
}

/** Every application, by order then name. */
export async function listApplications(db: Executor): Promise<settings.ApplicationSetting[]> {
  const rows = await db.select().from(applications).orderBy(asc(applications.order), asc(applications.name));
  return rows.map(presentApplication);
}

export async function findApplication(db: Executor, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row;
}

/** The id of the application with this name (case ignored), if any. */
export async function applicationIdNamed(db: Executor, name: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(sql`lower(${applications.name}) = lower(${name})`)
    .limit(1);
  return row?.id;
}

/** The highest order in the catalogue (0 when empty). */
export async function highestApplicationOrder(db: Executor): Promise<number> {
  const [row] = await db.select({ highest: sql<number>`coalesce(max(${applications.order}), 0)::int` }).from(applications);
  return row?.highest ?? 0;
}

export async function insertApplication(tx: Executor, columns: ApplicationColumns): Promise<ApplicationRow> {
  const [row] = await tx.insert(applications).values(columns).returning();
  return row!;
}

export async function updateApplication(tx: Executor, id: number, columns: ApplicationColumns): Promise<ApplicationRow> {
  const [row] = await tx.update(applications).set(columns).where(eq(applications.id, id)).returning();
  return row!;
}
