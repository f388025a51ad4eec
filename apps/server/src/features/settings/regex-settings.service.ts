import { settings } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import { validationError } from '#platform/errors/app-error.js';
import { listRegexSettings, lockRegexSettings, writeRegexSettings } from './regex-settings.repository.js';

/** The regex settings (the Regex tab): how each name field is cleaned. */
export async function getRegexSettings(ctx: ServiceContext): Promise<settings.RegexSettings> {
  return listRegexSettings(ctx.db);
}

/** Whether two settings of one field clean names the same way. */
function sameRule(first: settings.RegexSetting, second: settings.RegexSetting): boolean {
  return (
    first.regexStructure === second.regexStructure &&
    first.regexSpecial === second.regexSpecial &&
    first.regexConversion === second.regexConversion
  );
}

/**
 * Changes the settings of the fields listed, all or none: a field that has no setting refuses the
 * whole request (400 `validation_failed`, the field error at its place in the list) and nothing
 * is written. Unchanged settings are not written. One audit entry holds each changed setting,
 * before and after. The names already stored stay as they are: the rules apply from the next
 * name typed, created or imported. Answers every regex setting.
 */
export async function updateRegexSettings(ctx: ServiceContext, body: settings.RegexSettings): Promise<settings.RegexSettings> {
  return ctx.db.transaction(async (tx) => {
    const stored = await lockRegexSettings(
      tx,
      body.map((setting) => setting.fieldName),
    );
    const unknown = body.flatMap((setting, index) =>
      stored.has(setting.fieldName) ? [] : [[`${index}.fieldName`, [settings.UNKNOWN_SETTING]]],
    );
    if (unknown.length > 0) throw validationError(Object.fromEntries(unknown));
    const changed = body.filter((setting) => !sameRule(setting, stored.get(setting.fieldName)!));
    if (changed.length > 0) {
      await writeRegexSettings(tx, changed, editorLabel(ctx.actor));
      await writeAudit(tx, {
        actor: ctx.actor,
        action: 'update',
        entity: 'regex_settings',
        before: Object.fromEntries(changed.map((setting) => [setting.fieldName, stored.get(setting.fieldName)])),
        after: Object.fromEntries(changed.map((setting) => [setting.fieldName, setting])),
      });
    }
    return listRegexSettings(tx);
  });
}
