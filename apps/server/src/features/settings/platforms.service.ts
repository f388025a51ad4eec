import { settings } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import type { ServiceContext } from '#platform/context.js';
import { validationError } from '#platform/errors/app-error.js';
import { changedValues } from './catalogue-audit.js';
import {
  findPlatform,
  insertPlatform,
  listPlatforms,
  lockCatalogue,
  platformColumns,
  platformIdNamed,
  presentPlatform,
  updatePlatform,
} from './platforms.repository.js';

/** The platforms catalogue (the Plateformes tab), by order. */
export async function getPlatformSettings(ctx: ServiceContext): Promise<settings.PlatformSetting[]> {
  return listPlatforms(ctx.db);
}

/**
 * Adds a platform (`newPlateforme`, under the id given) or changes an existing one, by id. The id
 * and the name are unique among platforms (the name whatever its case): a taken one answers 400
 * with the spec's message under its field, and nothing is written. An id names a platform for
 * good (applications, credentials and export files refer to it): it is never changed. One audit
 * entry holds what changed. Answers the platform as saved.
 */
export async function savePlatformSetting(ctx: ServiceContext, body: settings.PlatformUpdate): Promise<settings.PlatformSetting> {
  return ctx.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const existing = await findPlatform(tx, body.idPlateforme);
    if (body.newPlateforme && existing) throw validationError({ idPlateforme: [settings.PLATFORM_ID_TAKEN] });
    if (!body.newPlateforme && !existing) throw validationError({ idPlateforme: [settings.UNKNOWN_PLATFORM] });
    const namedId = await platformIdNamed(tx, body.name);
    if (namedId !== undefined && namedId !== body.idPlateforme) throw validationError({ name: [settings.PLATFORM_NAME_TAKEN] });

    const columns = platformColumns(body);
    if (!existing) {
      const created = presentPlatform(await insertPlatform(tx, body.idPlateforme, columns));
      await writeAudit(tx, {
        actor: ctx.actor,
        action: 'create',
        entity: 'platform',
        entityId: created.idPlateforme,
        after: created,
      });
      return created;
    }
    const before = presentPlatform(existing);
    const saved = presentPlatform(await updatePlatform(tx, body.idPlateforme, columns));
    const changes = changedValues(before, saved);
    if (changes)
      await writeAudit(tx, { actor: ctx.actor, action: 'update', entity: 'platform', entityId: saved.idPlateforme, ...changes });
    return saved;
  });
}
