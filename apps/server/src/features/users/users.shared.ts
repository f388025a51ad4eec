import { nameRulesOf, type NameRules, type SchoolUser } from '@console/contract';
import { schoolNotFound, userNotFound } from '#platform/auth/access.js';
import type { Executor } from '#platform/db/client.js';
import { presentRegexSettings, presentSchoolUsers } from '#features/schools/schools.presenter.js';
import { listRegexSettings, listUserRows } from '#features/schools/schools.repository.js';
import { findSchoolNamingRow } from './users.repository.js';

/**
 * What several users-area services share besides access (which is platform/auth/access.ts):
 * reading grid rows after a change and a school's name rules (its SQL in users.repository.ts).
 */

/** The grid rows of some users (after a change), in the grid's order (last name, first name). */
export async function readGridRows(db: Executor, ids: readonly number[]): Promise<SchoolUser[]> {
  if (ids.length === 0) return [];
  return presentSchoolUsers(await listUserRows(db, { ids }));
}

/** One grid row; throws `not_found` when the user is gone. */
export async function readGridRow(db: Executor, id: number): Promise<SchoolUser> {
  const [row] = await readGridRows(db, [id]);
  if (!row) throw userNotFound();
  return row;
}

export type SchoolNaming = { rules: NameRules; extension: string; emailRequired: boolean; name: string };

/** A school's name rules (global regex settings, its own login pattern), extension and e-mail requirement. */
export async function loadSchoolNaming(db: Executor, uai: string): Promise<SchoolNaming> {
  const [school, regexRows] = await Promise.all([findSchoolNamingRow(db, uai), listRegexSettings(db)]);
  if (!school) throw schoolNotFound();
  const rules = nameRulesOf({
    regexGlobal: presentRegexSettings(regexRows),
    regexEstab: school.regexEstab,
  });
  return { rules, extension: school.extension, emailRequired: school.emailRequired, name: school.name };
}
