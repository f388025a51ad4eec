import { PROFILES, schoolSettings, users as contract } from '@console/contract';

/**
 * What a change of a school's default applications does (`default-applications.ts` of the
 * contract): which profiles' lists change, and what cannot be given. An application the catalogue
 * lacks is unknown; one whose code is required at the school with no common code to fill it
 * cannot be given to users an import creates (their lines would all fail), so it is refused here
 * rather than at the next import.
 */

type Profile = schoolSettings.DefaultApplicationProfile;

export type DefaultApplicationsPlan = {
  /** The profiles whose list changes, each with its new list (sorted, each id once). */
  changes: { profile: Profile; applicationIds: number[] }[];
  fieldErrors: Record<string, string[]>;
  /** The audit's view of the changed lists, before and after. */
  before: Partial<Record<Profile, number[]>>;
  after: Partial<Record<Profile, number[]>>;
};

const sameIds = (left: readonly number[], right: readonly number[]) =>
  left.length === right.length && left.every((id, index) => id === right[index]);

export function planDefaultApplicationsChange(
  held: ReadonlyMap<number, readonly number[]>,
  update: schoolSettings.DefaultApplicationsUpdate,
  /** The credential fields at the school of each application the update names that the catalogue holds. */
  fieldsById: ReadonlyMap<number, contract.CredentialFields>,
): DefaultApplicationsPlan {
  const plan: DefaultApplicationsPlan = { changes: [], fieldErrors: {}, before: {}, after: {} };
  for (const profile of schoolSettings.DEFAULT_APPLICATION_PROFILES) {
    const wanted = update[profile];
    if (wanted === undefined) continue;
    const applicationIds = [...new Set(wanted)].sort((left, right) => left - right);
    for (const id of applicationIds) {
      const fields = fieldsById.get(id);
      const problem = !fields
        ? schoolSettings.UNKNOWN_DEFAULT_APPLICATION
        : contract.missingCredentials(fields, { login: 'login', password: 'password', keys: fields.commonCode }).length > 0
          ? schoolSettings.DEFAULT_APPLICATION_NEEDS_CREDENTIALS
          : null;
      if (problem) plan.fieldErrors[schoolSettings.defaultApplicationField(profile, id)] = [problem];
    }
    const before = held.get(PROFILES[profile]) ?? [];
    if (sameIds(before, applicationIds)) continue;
    plan.changes.push({ profile, applicationIds });
    plan.before[profile] = [...before];
    plan.after[profile] = applicationIds;
  }
  return plan;
}

/** The defaults as the settings answer them, every profile present. */
export function presentDefaultApplications(held: ReadonlyMap<number, readonly number[]>): schoolSettings.DefaultApplications {
  return Object.fromEntries(
    schoolSettings.DEFAULT_APPLICATION_PROFILES.map((profile) => [profile, [...(held.get(PROFILES[profile]) ?? [])]]),
  ) as schoolSettings.DefaultApplications;
}
