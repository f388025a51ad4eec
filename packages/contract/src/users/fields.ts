import { z } from 'zod';
import { REQUIRED } from '../messages.js';
import type { NameField } from '../rules/names.js';
import { USER_TEXT_LIMITS } from './limits.js';

/**
 * The value rules of a user's fields, each written once: the request schemas compose them under
 * the names the spec gives each call (`firstname` in a grid edit, `firstName` in a new user;
 * `className` and `class`), so that a name and its rules cannot drift apart. Messages are
 * translation keys; REQUIRED (messages.ts) is the spec's 'required'.
 */

export const EMAIL_FORMAT = 'users.errors.email_format';
export const TABLET_NUMBER_LENGTH = 'users.errors.tablet_number_length';
export const TOO_LONG = 'users.errors.too_long';

/** A practical e-mail check: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A trimmed text that must not be blank. */
export const requiredText = (max: number) => z.string(REQUIRED).trim().min(1, REQUIRED).max(max, TOO_LONG);

/** A trimmed optional text: blank or absent becomes null. */
export const optionalText = (max: number, tooLong = TOO_LONG) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value),
    z.string().trim().max(max, tooLong).nullable(),
  );

/** An optional e-mail: blank or absent becomes null; otherwise a valid format. */
export const optionalEmail = z.preprocess(
  (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value),
  z.string().trim().max(USER_TEXT_LIMITS.email, TOO_LONG).regex(EMAIL_PATTERN, EMAIL_FORMAT).nullable(),
);

/** The fields a user's informations share across calls, whatever name each call gives them. */
export const userFieldSchemas = {
  /** A first or a last name. */
  name: requiredText(USER_TEXT_LIMITS.name),
  login: requiredText(USER_TEXT_LIMITS.login),
  level: requiredText(USER_TEXT_LIMITS.level),
  className: optionalText(USER_TEXT_LIMITS.className),
  subject: optionalText(USER_TEXT_LIMITS.subject),
  comment: optionalText(USER_TEXT_LIMITS.comment),
  tabletNumber: optionalText(USER_TEXT_LIMITS.tabletNumber, TABLET_NUMBER_LENGTH),
  email: optionalEmail,
  adminMode: z.union([z.literal(0), z.literal(1)]),
  optionName: z.string().trim().min(1, REQUIRED).max(USER_TEXT_LIMITS.option, TOO_LONG),
};

// ---------------------------------------------------------------- application credentials

/**
 * A user's credentials on one application: the platform login and password, and the application
 * code, named `keys` as its column (`user_applications.keys`) from the services to the database.
 */
export const CREDENTIAL_FIELDS = ['login', 'password', 'keys'] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

/**
 * Given credentials: a value sets it, null clears it, absent (undefined) keeps what is stored.
 * This is the one shape the services read; each call's names are mapped to it at the edge.
 */
export type GivenCredentials = { [F in CredentialField]?: string | null };

/**
 * The names each call gives the three credentials: the spec fixes those of the grid edits and
 * bulk changes (`PATCH /users/{id}`, `PATCH /users/`) and of a new user (`POST /users`); the user
 * page's form (`PUT /users/{id}`) uses the names of the user page it edits.
 */
export const CREDENTIAL_NAMES = {
  grid: { login: 'loginPlateforme', password: 'passwordPlateforme', keys: 'keys' },
  newUser: { login: 'login', password: 'password', keys: 'codes' },
  userPage: { login: 'platformLogin', password: 'platformPassword', keys: 'keys' },
} as const satisfies Record<string, Record<CredentialField, string>>;

type CredentialNames = (typeof CREDENTIAL_NAMES)[keyof typeof CREDENTIAL_NAMES];
type WireName<N extends CredentialNames> = N[CredentialField];
/** Credentials under a call's names. */
export type WireCredentials<N extends CredentialNames> = { [K in WireName<N>]?: string | null };

const credentialSchema = (max: number) => optionalText(max).optional();
type CredentialSchema = ReturnType<typeof credentialSchema>;

/** The schema fields of the three credentials under a call's names (login and password ≤ 200, code ≤ 500). */
export function credentialFields<N extends CredentialNames>(names: N): Record<WireName<N>, CredentialSchema> {
  return {
    [names.login]: credentialSchema(USER_TEXT_LIMITS.platformCredential),
    [names.password]: credentialSchema(USER_TEXT_LIMITS.platformCredential),
    [names.keys]: credentialSchema(USER_TEXT_LIMITS.applicationCode),
  } as Record<WireName<N>, CredentialSchema>;
}

/** The credentials a request gives, read from a call's names. */
export function credentialsOf<N extends CredentialNames>(wire: WireCredentials<N>, names: N): GivenCredentials {
  const read = (name: string) => (wire as Record<string, string | null | undefined>)[name];
  return { login: read(names.login), password: read(names.password), keys: read(names.keys) };
}

/** Where each call's field errors name the names and login (cleanNames' fields): the request's own fields. */
export const NAME_FIELD_PATHS = {
  newUser: { firstname: 'values.firstName', lastname: 'values.lastName', login: 'values.login' },
  userPage: { firstname: 'informations.firstName', lastname: 'informations.lastName', login: 'informations.login' },
  grid: { firstname: 'firstname', lastname: 'lastname', login: 'login' },
} as const satisfies Record<string, Record<NameField, string>>;

/** The field errors of the names a request left empty once cleaned (`cleanNames`' missing), under its paths. */
export function missingNameErrors(missing: readonly NameField[], paths: Record<NameField, string>): Record<string, string[]> {
  return Object.fromEntries(missing.map((field) => [paths[field], [REQUIRED]]));
}

/** Where a call's field errors name each credential: its own name for it, after `prefix` (`applications.0.`). */
export function credentialErrorPaths<N extends CredentialNames>(prefix: string, names: N): Record<CredentialField, string> {
  return { login: `${prefix}${names.login}`, password: `${prefix}${names.password}`, keys: `${prefix}${names.keys}` };
}

/** Credentials under a call's names, leaving out those not given (so that the server keeps them). */
export function toWireCredentials<N extends CredentialNames>(credentials: GivenCredentials, names: N): WireCredentials<N> {
  const wire: Record<string, string | null> = {};
  for (const field of CREDENTIAL_FIELDS) {
    const value = credentials[field];
    if (value !== undefined) wire[names[field]] = value;
  }
  return wire as WireCredentials<N>;
}
