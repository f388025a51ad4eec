import { users, type NewUser, type School, type SchoolApplication, type SchoolPlatform } from '@console/contract';

type CredentialFields = users.CredentialFields;
export type CredentialName = users.CredentialField;
export type CredentialValues = Record<CredentialName, string>;

/** One platform of the credentials dialog: its chosen applications, the first one edited for all. */
export type CredentialGroup = {
  platformId: string;
  platform: SchoolPlatform | undefined;
  applications: SchoolApplication[];
  /** Each application's own fields, in the applications' order. */
  fieldsByApplication: CredentialFields[];
  /** What the edited (first) application asks: every field any application of the platform needs. */
  fields: CredentialFields;
};

/** The union of several applications' credential fields: one set of values must satisfy them all. */
export function mergeCredentialFields(list: readonly CredentialFields[]): CredentialFields {
  return {
    login: { required: list.some((fields) => fields.login.required) },
    password: { required: list.some((fields) => fields.password.required) },
    keys: { shown: list.some((fields) => fields.keys.shown), required: list.some((fields) => fields.keys.required) },
    commonCode: list.find((fields) => fields.commonCode !== null)?.commonCode ?? null,
  };
}

/** The chosen applications grouped by platform, platforms and applications in the catalogue's order. */
export function credentialGroupsOf(
  applicationIds: readonly number[],
  school: Pick<School, 'applications' | 'platforms'>,
): CredentialGroup[] {
  const chosen = school.applications
    .filter((application) => applicationIds.includes(application.idApplication))
    .sort((first, second) => first.order - second.order);
  const groups = new Map<string, CredentialGroup>();
  for (const application of chosen) {
    const platform = school.platforms.find((candidate) => candidate.platformId === application.platformId);
    const group = groups.get(application.platformId) ?? {
      platformId: application.platformId,
      platform,
      applications: [],
      fieldsByApplication: [],
      fields: mergeCredentialFields([]),
    };
    group.applications.push(application);
    group.fieldsByApplication.push(users.credentialFieldsOf(application, platform));
    group.fields = mergeCredentialFields(group.fieldsByApplication);
    groups.set(application.platformId, group);
  }
  return [...groups.values()];
}

/** The missing required values of one platform, for the dialog's messages. */
export function missingOf(group: CredentialGroup, values: CredentialValues): CredentialName[] {
  return users.missingCredentials(group.fields, values);
}

/** The `applications` of `POST /users`: the platform's values applied to each of its applications. */
export function newUserApplicationsOf(
  groups: readonly CredentialGroup[],
  valuesByPlatform: Record<string, CredentialValues>,
): NewUser['applications'] {
  return groups.flatMap((group) => {
    const values = valuesByPlatform[group.platformId];
    return group.applications.map((application, index) => {
      const fields = group.fieldsByApplication[index]!;
      const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);
      return {
        platformId: group.platformId,
        idApplication: application.idApplication,
        ...users.toWireCredentials(
          { login: text(values?.login), password: text(values?.password), keys: fields.keys.shown ? text(values?.keys) : null },
          users.CREDENTIAL_NAMES.newUser,
        ),
      };
    });
  });
}
