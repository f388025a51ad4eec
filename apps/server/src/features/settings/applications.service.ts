import { settings } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import type { ServiceContext } from '#platform/context.js';
import { validationError } from '#platform/errors/app-error.js';
import {
  applicationColumns,
  applicationIdNamed,
  findApplication,
  highestApplicationOrder,
  insertApplication,
  listApplications,
  presentApplication,
  updateApplication,
} from './applications.repository.js';
import { changedValues } from './catalogue-audit.js';
import { findPlatform, lockCatalogue } from './platforms.repository.js';

/** The applications catalogue (the Applications tab), by order. */
export async function getApplicationSettings(ctx: ServiceContext): Promise<settings.ApplicationSetting[]> {
  return listApplications(ctx.db);
}

/**
 * Adds an application (`newApplication`; without an order it comes after the others, spec 2 §5)
 * or changes one, by id. Its platform must exist; its name is unique among applications whatever
 * its case: a refusal answers 400 under the field, and nothing is written. One audit entry holds
 * what changed. Answers the application as saved.
 */
export async function saveApplicationSetting(
  ctx: ServiceContext,
  body: settings.ApplicationUpdate,
): Promise<settings.ApplicationSetting> {
  return ctx.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const existing =
      body.newApplication || body.idApplication === undefined ? undefined : await findApplication(tx, body.idApplication);
    if (!body.newApplication && !existing) throw validationError({ idApplication: [settings.UNKNOWN_APPLICATION_SETTING] });
    if (!(await findPlatform(tx, body.idPlateforme))) throw validationError({ idPlateforme: [settings.UNKNOWN_PLATFORM] });
    const namedId = await applicationIdNamed(tx, body.name);
    if (namedId !== undefined && namedId !== existing?.id) throw validationError({ name: [settings.APPLICATION_NAME_TAKEN] });

    const order = body.order ?? (existing ? existing.order : (await highestApplicationOrder(tx)) + 1);
    const columns = applicationColumns(body, order);
    if (!existing) {
      const created = presentApplication(await insertApplication(tx, columns));
      await writeAudit(tx, {
        actor: ctx.actor,
        action: 'create',
        entity: 'application',
        entityId: created.idApplication,
        after: created,
      });
      return created;
    }
    const before = presentApplication(existing);
    const saved = presentApplication(await updateApplication(tx, existing.id, columns));
    const changes = changedValues(before, saved);
    if (changes)
      await writeAudit(tx, {
        actor: ctx.actor,
        action: 'update',
        entity: 'application',
        entityId: saved.idApplication,
        ...changes,
      });
    return saved;
  });
}
