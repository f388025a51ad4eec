import type { imports } from '@console/contract';
import { requireReachableSchool } from '#platform/auth/access.js';
import type { ServiceContext } from '#platform/context.js';
import { presentHistoryEntry } from './history.presenter.js';
import { listSchoolBatches } from './history.repository.js';

/**
 * A school's import history, newest first (the newest `IMPORT_HISTORY_MAX`), each import with
 * whether the caller may roll it back at `now`. Throws `not_found` for a school that is unknown
 * or out of the caller's reach.
 */
export async function listImportHistory(
  ctx: ServiceContext,
  uai: string,
  now = new Date(),
): Promise<imports.ImportHistoryEntry[]> {
  await requireReachableSchool(ctx, uai);
  const rows = await listSchoolBatches(ctx.db, uai);
  return rows.map((row) => presentHistoryEntry(row, ctx.actor, now));
}
