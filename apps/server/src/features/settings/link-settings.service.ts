import { settings } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import { validationError } from '#platform/errors/app-error.js';
import { listLinkSettings, lockLinkSettings, writeLinkSettings } from './link-settings.repository.js';

/** The link settings (the Tabuléo tab), by name. */
export async function getLinkSettings(ctx: ServiceContext): Promise<settings.LinkSettings> {
  return listLinkSettings(ctx.db);
}

/**
 * Changes the values of the named link settings, all or none: a name that is not a setting
 * refuses the whole request (400 `validation_failed`, field errors by name) and nothing is
 * written. Unchanged values are not written. One audit entry names each change (old and new:
 * these are public addresses, never secrets). Answers every link setting.
 */
export async function updateLinkSettings(ctx: ServiceContext, body: settings.LinkSettings): Promise<settings.LinkSettings> {
  const names = Object.keys(body);
  return ctx.db.transaction(async (tx) => {
    const stored = await lockLinkSettings(tx, names);
    const unknown = names.filter((name) => !stored.has(name));
    if (unknown.length > 0) throw validationError(Object.fromEntries(unknown.map((name) => [name, [settings.UNKNOWN_SETTING]])));
    const changes = Object.fromEntries(Object.entries(body).filter(([name, value]) => stored.get(name) !== value));
    if (Object.keys(changes).length > 0) {
      await writeLinkSettings(tx, changes, editorLabel(ctx.actor));
      await writeAudit(tx, {
        actor: ctx.actor,
        action: 'update',
        entity: 'link_settings',
        before: Object.fromEntries(Object.keys(changes).map((name) => [name, stored.get(name)])),
        after: changes,
      });
    }
    return listLinkSettings(tx);
  });
}
