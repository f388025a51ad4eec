import { users as contract } from '@console/contract';

/** The credentials a new user's access gets, and those still missing. */
export type NewAccessCredentials = {
  login: string;
  password: string;
  keys: string | null;
  missing: contract.CredentialField[];
};

/**
 * A new user's credentials on an application: a blank login is the user's login, a blank
 * password the user's password, a blank code the common code; then the required ones still
 * blank are missing.
 */
export function newAccessCredentialsOf(
  fields: contract.CredentialFields,
  given: contract.GivenCredentials,
  account: { login: string; password: string },
): NewAccessCredentials {
  const login = given.login ?? account.login;
  const password = given.password ?? account.password;
  const keys = given.keys ?? fields.commonCode;
  return { login, password, keys, missing: contract.missingCredentials(fields, { login, password, keys }) };
}

/** The applications of a new user, each once (the first mention wins), with their index in the body. */
export function uniqueApplications<A extends { idApplication: number }>(
  applications: readonly A[],
): { index: number; application: A }[] {
  const seen = new Set<number>();
  return applications.flatMap((application, index) => {
    if (seen.has(application.idApplication)) return [];
    seen.add(application.idApplication);
    return [{ index, application }];
  });
}
