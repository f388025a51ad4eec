import { users as contract } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { applications, schools } from '#platform/db/schema/index.js';

/** The names of some schools, by UAI. */
export async function readSchoolNames(db: Executor, uais: readonly string[]): Promise<Map<string, string>> {
  if (uais.length === 0) return new Map();
  const rows = await db
    .select({ uai: schools.uai, name: schools.name })
    .from(schools)
    .where(sql`${schools.uai} = any(${sql.param([...new Set(uais)])}::varchar[])`);
  return new Map(rows.map((row) => [row.uai, row.name]));
}

/** The id of the catalogue's Educadhoc application, whose code holds a teacher's PNE keys. */
export async function findEducadhocApplicationId(db: Executor): Promise<number | undefined> {
  const rows = await db.select({ idApplication: applications.id, name: applications.name }).from(applications);
  return contract.findEducadhocApplication(rows)?.idApplication;
}
