import { RECORD_ID_MAX, type schoolSettings } from '@console/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { readTogether } from '#platform/db/reads.js';
import { materialTypes, mdms, platforms, schoolPlatforms, schools } from '#platform/db/schema/index.js';

const settingsColumns = {
  uai: schools.uai,
  name: schools.name,
  extension: schools.extension,
  adminDuration: schools.adminDuration,
  connectRndPwd: schools.connectRndPwd,
  regexEstab: schools.regexEstab,
  deployment: schools.deployment,
};

/** The columns of a school its settings read and write. */
export type SchoolSettingsRow = {
  uai: string;
  name: string;
  extension: string;
  adminDuration: number;
  connectRndPwd: boolean;
  regexEstab: { field: string; regex: string }[];
  deployment: Record<string, unknown>;
};

export async function findSchoolSettings(db: Executor, uai: string): Promise<SchoolSettingsRow | undefined> {
  return (await db.select(settingsColumns).from(schools).where(eq(schools.uai, uai)).limit(1))[0];
}

/** The school's settings, its row locked until the transaction ends: two saves never interleave. */
export async function lockSchoolSettings(tx: Executor, uai: string): Promise<SchoolSettingsRow | undefined> {
  return (await tx.select(settingsColumns).from(schools).where(eq(schools.uai, uai)).limit(1).for('update'))[0];
}

/** The changed columns of a school's settings, in one statement. */
export async function updateSchoolSettings(
  tx: Executor,
  uai: string,
  values: Partial<Omit<SchoolSettingsRow, 'uai'>>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await tx.update(schools).set(values).where(eq(schools.uai, uai));
}

export type CataloguePlatformRow = {
  id: string;
  name: string;
  order: number;
  urlSchemeCodeYesNo: boolean;
  platformCodeYesNo: boolean;
  platformCodeRequired: boolean;
  commonCode: string | null;
};

/** The catalogue's platforms, by order then id: the school settings list one entry each. */
export async function listCataloguePlatforms(db: Executor): Promise<CataloguePlatformRow[]> {
  return db
    .select({
      id: platforms.id,
      name: platforms.name,
      order: platforms.order,
      urlSchemeCodeYesNo: platforms.urlSchemeCodeYesNo,
      platformCodeYesNo: platforms.platformCodeYesNo,
      platformCodeRequired: platforms.platformCodeRequired,
      commonCode: platforms.commonCode,
    })
    .from(platforms)
    .orderBy(asc(platforms.order), asc(platforms.id));
}

export type SchoolPlatformRow = typeof schoolPlatforms.$inferSelect;

/** The school's own settings of the platforms it changed (the others read the catalogue's). */
export async function listSchoolPlatforms(db: Executor, uai: string): Promise<SchoolPlatformRow[]> {
  return db.select().from(schoolPlatforms).where(eq(schoolPlatforms.uai, uai));
}

/** The catalogue and the school's own platform rows, as the settings answer reads them. */
export async function readPlatformSettings(
  db: Executor,
  uai: string,
): Promise<{ catalogue: CataloguePlatformRow[]; schoolRows: SchoolPlatformRow[] }> {
  const [catalogue, schoolRows] = await readTogether(db, [() => listCataloguePlatforms(db), () => listSchoolPlatforms(db, uai)]);
  return { catalogue, schoolRows };
}

/** Writes the school's settings of these platforms, whole, over any row it had for them. */
export async function upsertSchoolPlatforms(
  tx: Executor,
  uai: string,
  entries: readonly { platformId: string; values: schoolSettings.SchoolPlatformValues }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(schoolPlatforms)
    .values(
      entries.map(({ platformId, values }) => ({
        uai,
        platformId,
        urlSchemeCodeYesNo: values.platformUrlschemeCodeYesNo,
        codeYesNo: values.platformCodeYesNo,
        codeRequired: values.platformCodeRequired,
        commonCodeYesNo: values.commonCodeYesNo,
        commonCodeRequired: values.commonCodeRequired,
        connectDiffPassword: values.connectDiffPassword,
        commonCode: values.commonCode,
      })),
    )
    .onConflictDoUpdate({
      target: [schoolPlatforms.uai, schoolPlatforms.platformId],
      set: {
        urlSchemeCodeYesNo: sql`excluded.url_scheme_code_yes_no`,
        codeYesNo: sql`excluded.code_yes_no`,
        codeRequired: sql`excluded.code_required`,
        commonCodeYesNo: sql`excluded.common_code_yes_no`,
        commonCodeRequired: sql`excluded.common_code_required`,
        connectDiffPassword: sql`excluded.connect_diff_password`,
        commonCode: sql`excluded.common_code`,
      },
    });
}

export type DeploymentOptionRow = { id: number; label: string; image: string | null };

/** The MDMs and material types (in label order the presenter sets: the engines' collations differ). */
export async function listDeploymentOptions(
  db: Executor,
): Promise<{ mdmRows: DeploymentOptionRow[]; materialRows: DeploymentOptionRow[] }> {
  const [mdmRows, materialRows] = await readTogether(db, [
    () => db.select().from(mdms).orderBy(asc(mdms.id)),
    () => db.select().from(materialTypes).orderBy(asc(materialTypes.id)),
  ]);
  return { mdmRows, materialRows };
}

/** Whether an MDM has this id; an id past the id column's range is none (the query would fail on it). */
export async function mdmExists(db: Executor, id: number): Promise<boolean> {
  if (id > RECORD_ID_MAX) return false;
  return (await db.select({ id: mdms.id }).from(mdms).where(eq(mdms.id, id)).limit(1)).length > 0;
}

/** Whether a material type has this id (as `mdmExists`). */
export async function materialTypeExists(db: Executor, id: number): Promise<boolean> {
  if (id > RECORD_ID_MAX) return false;
  return (await db.select({ id: materialTypes.id }).from(materialTypes).where(eq(materialTypes.id, id)).limit(1)).length > 0;
}
