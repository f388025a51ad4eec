import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { linkSettings } from '#platform/db/schema/index.js';

/** Every link setting, by name in name order. */
export async function listLinkSettings(db: Executor): Promise<Record<string, string>> {
  const rows = await db
    .select({ name: linkSettings.name, value: linkSettings.value })
    .from(linkSettings)
    .orderBy(asc(linkSettings.name));
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

/** The values of the named settings, locked until the transaction ends (two saves never interleave). */
export async function lockLinkSettings(tx: Executor, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await tx
    .select({ name: linkSettings.name, value: linkSettings.value })
    .from(linkSettings)
    .where(inArray(linkSettings.name, [...names]))
    .for('update');
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Writes new values of existing settings, in one statement. */
export async function writeLinkSettings(tx: Executor, changes: Readonly<Record<string, string>>, editor: string): Promise<void> {
  const entries = Object.entries(changes);
  if (entries.length === 0) return;
  const values = JSON.stringify(Object.fromEntries(entries));
  await tx.execute(sql`
    update link_settings set value = changes.value, updated_at = now(), updated_by = ${editor}
    from jsonb_each_text(${values}::jsonb) as changes(name, value)
    where link_settings.name = changes.name`);
}
