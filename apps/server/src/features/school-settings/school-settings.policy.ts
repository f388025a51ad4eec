import { hasRight, schoolSettings, type RightsMap } from '@console/contract';
import { asmFieldsOf, deploymentFieldsOf, type AsmFields, type DeploymentFields } from './school-settings.presenter.js';
import type { SchoolSettingsRow } from './school-settings.repository.js';

type SchoolPlatformValues = schoolSettings.SchoolPlatformValues;
type SchoolSecret = schoolSettings.SchoolSecret;

/** Whether the caller may change a school's settings (the `abilities.canEdit` of the answer). */
export function canEditSchoolParams(rights: RightsMap): boolean {
  return hasRight(rights, 'ParamEtablissement', 'Ecriture');
}

/** The school columns a change of informations or login pattern writes. */
export type SchoolColumns = Partial<
  Pick<SchoolSettingsRow, 'name' | 'extension' | 'adminDuration' | 'connectRndPwd' | 'regexEstab'>
>;

/** A secret asked for: a clear value to store (sealed), or null to remove it. */
export type SecretRequest = { name: SchoolSecret; value: string | null };

/**
 * What a change of a school's settings writes, decided against the current values: only what
 * differs. `before` and `after` are the audit entry's, by part, holding the changed fields only
 * (never a secret: the service adds the names of the secrets it changes).
 */
export type ParamsChangePlan = {
  /** Field errors by path under the request's names; nothing is written when any. */
  fieldErrors: Record<string, string[]>;
  columns: SchoolColumns;
  deployment: Partial<DeploymentFields>;
  /** The ASM tab's changed fields, merged into `deployment.asmInformations`. */
  asm: Partial<AsmFields>;
  platforms: { platformId: string; values: SchoolPlatformValues }[];
  secrets: SecretRequest[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `change` (those it carries) whose value differs from `current`, old and new. */
function changedFields<T extends object>(current: T, change: Partial<T>): { before: Partial<T>; after: Partial<T> } | null {
  const before: Partial<T> = {};
  const after: Partial<T> = {};
  for (const key of Object.keys(change) as (keyof T)[]) {
    const value = change[key];
    if (value === undefined || same(current[key], value)) continue;
    before[key] = current[key];
    after[key] = value;
  }
  return Object.keys(after).length > 0 ? { before, after } : null;
}

/** The defined fields of a partial object (zod leaves absent keys out, but a caller might not). */
function definedOf<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Plans a change of a school's settings (spec 2 §2.9, §2.10, §3): informations and the login
 * pattern against the school's columns; each platform's fields merged over the school's current
 * values of it (an id the catalogue lacks is a field error, and so is each problem
 * `schoolPlatformProblems` finds in the merged values); the deployment's fields against their
 * stored values. The EcoleDirecte key may come with the informations or the deployment: the
 * deployment's wins when both carry it. Whether an MDM or a material type exists is the
 * service's to check.
 */
export function planParamsChange(
  school: SchoolSettingsRow,
  platformValues: ReadonlyMap<string, SchoolPlatformValues>,
  update: schoolSettings.SchoolParamsUpdate,
): ParamsChangePlan {
  const plan: ParamsChangePlan = {
    fieldErrors: {},
    columns: {},
    deployment: {},
    asm: {},
    platforms: [],
    secrets: [],
    before: {},
    after: {},
  };
  const secrets = new Map<SchoolSecret, string | null>();

  if (update.informations) {
    const { ecoleDirecteApiKey, ...columns } = update.informations;
    if (ecoleDirecteApiKey !== undefined) secrets.set('ecoleDirecteApiKey', ecoleDirecteApiKey);
    const changed = changedFields(school, definedOf(columns));
    if (changed) {
      Object.assign(plan.columns, changed.after);
      plan.before.informations = changed.before;
      plan.after.informations = changed.after;
    }
  }

  if (update.regexEstab && !same(school.regexEstab, update.regexEstab)) {
    plan.columns.regexEstab = update.regexEstab;
    plan.before.regexEstab = school.regexEstab;
    plan.after.regexEstab = update.regexEstab;
  }

  if (update.platforms) {
    const merged = new Map<string, SchoolPlatformValues>();
    update.platforms.forEach(({ platformId, ...fields }, index) => {
      const current = merged.get(platformId) ?? platformValues.get(platformId);
      if (!current) {
        plan.fieldErrors[`platforms.${index}.platformId`] = [schoolSettings.UNKNOWN_SCHOOL_PLATFORM];
        return;
      }
      const next = { ...current, ...definedOf(fields) };
      for (const [field, problem] of Object.entries(schoolSettings.schoolPlatformProblems(next)))
        plan.fieldErrors[`platforms.${index}.${field}`] = [problem];
      merged.set(platformId, next);
    });
    const before: Record<string, Partial<SchoolPlatformValues>> = {};
    const after: Record<string, Partial<SchoolPlatformValues>> = {};
    for (const [platformId, values] of merged) {
      const changed = changedFields(platformValues.get(platformId)!, values);
      if (!changed) continue;
      plan.platforms.push({ platformId, values });
      before[platformId] = changed.before;
      after[platformId] = changed.after;
    }
    if (plan.platforms.length > 0) {
      plan.before.platforms = before;
      plan.after.platforms = after;
    }
  }

  if (update.deployment) {
    const { ecoleDirecteApiKey, depPassword, asmInformations, ...fields } = update.deployment;
    if (ecoleDirecteApiKey !== undefined) secrets.set('ecoleDirecteApiKey', ecoleDirecteApiKey);
    if (depPassword !== undefined) secrets.set('depPassword', depPassword);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const changed = changedFields(deploymentFieldsOf(school.deployment), definedOf(fields));
    if (changed) {
      plan.deployment = changed.after;
      Object.assign(before, changed.before);
      Object.assign(after, changed.after);
    }
    if (asmInformations) {
      const { sftpPassword, ...asmFields } = asmInformations;
      if (sftpPassword !== undefined) secrets.set('sftpPassword', sftpPassword);
      const asmChanged = changedFields(asmFieldsOf(school.deployment), definedOf(asmFields));
      if (asmChanged) {
        plan.asm = asmChanged.after;
        before.asmInformations = asmChanged.before;
        after.asmInformations = asmChanged.after;
      }
    }
    if (Object.keys(after).length > 0) {
      plan.before.deployment = before;
      plan.after.deployment = after;
    }
  }

  // An empty text removes a secret as null does.
  plan.secrets = [...secrets].map(([name, value]) => ({ name, value: value === null || value === '' ? null : value }));
  return plan;
}
