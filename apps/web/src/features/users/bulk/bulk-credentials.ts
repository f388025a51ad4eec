import { blankToNull, users, type BulkUpdate, type SchoolApplication, type UserPlatforms } from '@console/contract';
import type { CredentialName } from '../add-user/add-user-credentials';

type CredentialFields = users.CredentialFields;

/** One row of the bulk application form: a user and the credentials of the chosen application. */
export type BulkCredentialRow = {
  userId: number;
  name: string;
  userLogin: string;
  login: string;
  password: string;
  keys: string;
  /** A stored password is kept and not editable (spec 3 §5). */
  hasStoredPassword: boolean;
};

/** Whether the application asks anything per user: a required login or password, or a code. */
export function asksCredentials(fields: CredentialFields): boolean {
  return fields.login.required || fields.password.required || fields.keys.shown;
}

/**
 * The first values of each user's row: what they have for this application, else for another
 * application of its platform (they share credentials), else their own login and console password.
 */
export function bulkCredentialRowsOf(
  platforms: readonly UserPlatforms[],
  application: SchoolApplication,
  fields: CredentialFields,
): BulkCredentialRow[] {
  return platforms.map((user) => {
    const platform = user.platforms.find((candidate) => candidate.platformId === application.platformId);
    const same = platform?.applications.find((candidate) => candidate.idApplication === application.idApplication);
    const sibling = same ?? platform?.applications.find((candidate) => candidate.login || candidate.password);
    const hasStoredPassword = same?.hasPassword ?? false;
    return {
      userId: user.userId,
      name: `${user.lastname} ${user.firstname}`.trim(),
      userLogin: user.login,
      login: sibling?.login ?? user.login,
      password: hasStoredPassword ? '' : (sibling?.password ?? user.userPassword ?? ''),
      keys: same?.keys ?? fields.commonCode ?? '',
      hasStoredPassword,
    };
  });
}

export function missingOfRow(fields: CredentialFields, row: BulkCredentialRow): CredentialName[] {
  return users.missingCredentials(fields, row);
}

/** The `value` of an application insert: each user's credentials, a stored password left out (kept). */
export function bulkApplicationValueOf(
  rows: readonly BulkCredentialRow[],
  fields: CredentialFields,
): Extract<BulkUpdate, { type: 'app' }>['value'] {
  return rows.map((row) => ({
    idUser: row.userId,
    ...users.toWireCredentials(
      {
        login: blankToNull(row.login),
        ...(row.hasStoredPassword ? {} : { password: blankToNull(row.password) }),
        ...(fields.keys.shown ? { keys: blankToNull(row.keys) } : {}),
      },
      users.CREDENTIAL_NAMES.grid,
    ),
  }));
}
