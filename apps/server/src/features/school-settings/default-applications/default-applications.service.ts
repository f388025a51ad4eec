import type { schoolSettings } from '@console/contract';
import type { Executor } from '#platform/db/client.js';
import { readTogether } from '#platform/db/reads.js';
import { credentialFieldsOfRow } from '#features/users/bulk/users-bulk.applications.js';
import { findApplicationsWithPlatforms, readSchoolPlatformSettings } from '#features/users/user-catalogue.repository.js';
import {
  planDefaultApplicationsChange,
  presentDefaultApplications,
  type DefaultApplicationsPlan,
} from './default-applications.policy.js';
import {
  listApplicationChoices,
  readDefaultApplicationIds,
  replaceDefaultApplications,
} from './default-applications.repository.js';

/** The school settings' part of the defaults: read with the settings, changed with them, in their transaction. */

/** The school's defaults and the catalogue's applications they are chosen among. */
export async function readDefaultApplications(
  db: Executor,
  uai: string,
): Promise<Pick<schoolSettings.SchoolParams, 'defaultApplications' | 'applicationChoices'>> {
  const [held, applicationChoices] = await readTogether(db, [
    () => readDefaultApplicationIds(db, uai),
    () => listApplicationChoices(db),
  ]);
  return { defaultApplications: presentDefaultApplications(held), applicationChoices };
}

/** What a change of the defaults would do, checked against the catalogue and the school's platform settings. */
export async function planDefaultApplications(
  tx: Executor,
  uai: string,
  update: schoolSettings.DefaultApplicationsUpdate | undefined,
): Promise<DefaultApplicationsPlan> {
  const named = [...new Set(Object.values(update ?? {}).flat())];
  if (update === undefined) return planDefaultApplicationsChange(new Map(), {}, new Map());
  const [held, rows, schoolPlatforms] = await readTogether(tx, [
    () => readDefaultApplicationIds(tx, uai),
    () => findApplicationsWithPlatforms(tx, named),
    () => readSchoolPlatformSettings(tx, uai),
  ]);
  const fieldsById = new Map([...rows.values()].map((row) => [row.id, credentialFieldsOfRow(row, schoolPlatforms)]));
  return planDefaultApplicationsChange(held, update, fieldsById);
}

/** Writes the planned lists. */
export async function writeDefaultApplications(tx: Executor, uai: string, plan: DefaultApplicationsPlan): Promise<void> {
  for (const { profile, applicationIds } of plan.changes) await replaceDefaultApplications(tx, uai, profile, applicationIds);
}
