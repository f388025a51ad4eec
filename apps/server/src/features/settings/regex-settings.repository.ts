import { NAME_FIELDS, type settings } from '@console/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { regexSettings } from '#platform/db/schema/index.js';

const SETTING_COLUMNS = {
  fieldName: regexSettings.fieldName,
  regexStructure: regexSettings.regexStructure,
  regexSpecial: regexSettings.regexSpecial,
  regexConversion: regexSettings.regexConversion,
};

/** Where a field comes in the list: the name fields in the form's order, then any other by name. */
function fieldRank(fieldName: string): number {
  const index = (NAME_FIELDS as readonly string[]).indexOf(fieldName);
  return index === -1 ? NAME_FIELDS.length : index;
}

/** Every regex setting: firstname, lastname, login, then any other field by name. */
export async function listRegexSettings(db: Executor): Promise<settings.RegexSettings> {
  const rows = await db.select(SETTING_COLUMNS).from(regexSettings);
  return (rows as settings.RegexSettings).sort(
    (first, second) =>
      fieldRank(first.fieldName) - fieldRank(second.fieldName) || first.fieldName.localeCompare(second.fieldName, 'en'),
  );
}

/** The settings of the named fields, locked until the transaction ends (two saves never interleave). */
export async function lockRegexSettings(
  tx: Executor,
  fieldNames: readonly string[],
): Promise<Map<string, settings.RegexSetting>> {
  if (fieldNames.length === 0) return new Map();
  const rows = await tx
    .select(SETTING_COLUMNS)
    .from(regexSettings)
    .where(inArray(regexSettings.fieldName, [...fieldNames]))
    .for('update');
  return new Map((rows as settings.RegexSettings).map((row) => [row.fieldName, row]));
}

/** Writes the given settings of existing fields, in one statement. */
export async function writeRegexSettings(tx: Executor, changed: readonly settings.RegexSetting[], editor: string): Promise<void> {
  if (changed.length === 0) return;
  await tx.execute(sql`
    update regex_settings
    set regex_structure = changes."regexStructure", regex_special = changes."regexSpecial",
      regex_conversion = changes."regexConversion", updated_at = now(), updated_by = ${editor}
    from json_to_recordset(${JSON.stringify(changed)}::json)
      as changes("fieldName" text, "regexStructure" text, "regexSpecial" text, "regexConversion" text)
    where regex_settings.field_name = changes."fieldName"`);
}
