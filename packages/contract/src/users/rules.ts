import { hasRight, type ProfileName, type RightArea, type RightsMap } from '../rights.js';
import type { CredentialField } from './fields.js';
import type { BulkStdColumn } from './bulk.js';

/**
 * Pure rules of the users area, shared by the server (which enforces them) and the browser
 * (which hides what they forbid).
 */

/** Whether a caller may see pupils' and teachers' passwords (the Password column, the user page). */
export function canSeePasswords(rights: RightsMap): boolean {
  return hasRight(rights, 'FicheUser_profil', 'Lecture');
}

/** Managers and school administrators must have an e-mail (spec 3 §4). */
export function profileRequiresEmail(profile: ProfileName): boolean {
  return profile === 'Gestionnaire' || profile === 'Administrateur établissement';
}

export const EMAIL_REQUIRED_FOR_PROFILE = 'users.errors.email_required_for_profile';
export const EMAIL_REQUIRED_BY_SCHOOL = 'users.errors.email_required_by_school';

/**
 * The one rule of a user's e-mail, applied by the new user, the user page's form, a grid edit and
 * the import alike: a manager or a school administrator must have one (spec 3 §4), and so must
 * every user of a school whose settings require e-mails (spec 3 §5). Answers the message of the
 * rule an e-mail left blank breaks, the profile's first; null when nothing is broken.
 */
export function missingEmailMessage(
  profile: ProfileName,
  schoolRequiresEmail: boolean,
  email: string | null | undefined,
): typeof EMAIL_REQUIRED_FOR_PROFILE | typeof EMAIL_REQUIRED_BY_SCHOOL | null {
  if (email != null && email.trim() !== '') return null;
  if (profileRequiresEmail(profile)) return EMAIL_REQUIRED_FOR_PROFILE;
  return schoolRequiresEmail ? EMAIL_REQUIRED_BY_SCHOOL : null;
}

/** Whether a user must have an e-mail (the form marks the field required): what `missingEmailMessage` says of a blank one. */
export function isEmailRequired(profile: ProfileName, schoolRequiresEmail: boolean): boolean {
  return missingEmailMessage(profile, schoolRequiresEmail, null) !== null;
}

/**
 * The profiles a caller may give a school's user: pupils, teachers and school administrators;
 * managers too for an Administrateur or a Gestionnaire. Nobody makes an Administrateur here.
 */
export function assignableProfiles(actorProfile: ProfileName): ProfileName[] {
  switch (actorProfile) {
    case 'Administrateur':
    case 'Gestionnaire':
      return ['Eleve', 'Enseignant', 'Gestionnaire', 'Administrateur établissement'];
    case 'Administrateur établissement':
      return ['Eleve', 'Enseignant', 'Administrateur établissement'];
    default:
      return [];
  }
}

/**
 * The profiles whose accounts a caller may act on (edit, reset, disable, bin, mail, issue a
 * sign-in link...): those they may give, so that nobody takes over an account above their own;
 * an Administrateur also other Administrateurs, who reach no more than they do. The server adds
 * one more condition for a Gestionnaire target: every school it manages is within the caller's reach.
 */
export function manageableProfiles(actorProfile: ProfileName): ProfileName[] {
  if (actorProfile === 'Administrateur') return [...assignableProfiles(actorProfile), 'Administrateur'];
  return assignableProfiles(actorProfile);
}

/** Whether a caller's profile may act on accounts of a target's profile (see `manageableProfiles`). */
export function canManageProfile(actorProfile: ProfileName, targetProfile: ProfileName): boolean {
  return manageableProfiles(actorProfile).includes(targetProfile);
}

/** The right each bulk change needs beside ButtonBar_buttonBulkEdit (spec 3 §6). */
export const BULK_RIGHTS: Record<BulkStdColumn | 'opt' | 'app', RightArea> = {
  comment: 'buttonBulkEdit_bulkCommentaire',
  subject: 'buttonBulkEdit_bulkMatiere',
  className: 'buttonBulkEdit_bulkClasse',
  level: 'buttonBulkEdit_bulkNiveau',
  profile: 'buttonBulkEdit_bulkProfil',
  adminMode: 'buttonBulkEdit_bulkAdmin',
  opt: 'buttonBulkEdit_bulkOption',
  app: 'buttonBulkEdit_bulkAppli',
};

/** The profiles a bulk profile change may set (only pupils and teachers change that way). */
export const BULK_PROFILE_TARGETS: ProfileName[] = ['Eleve', 'Enseignant'];

/** An application's flags as the school answer carries them. */
export type CredentialApplication = {
  urlSchemeLoginRequired: boolean;
  urlSchemePwdRequired: boolean;
  urlSchemeCodeYesNo: boolean;
  urlSchemeCodeRequired: boolean;
  applicationCodeYesNo: boolean;
  applicationCodeRequired: boolean;
  commonCode: string | null;
};
export type CredentialPlatform = { platformCodeYesNo: boolean; platformCodeRequired: boolean; commonCode: string | null };

/** Which credentials an application's access asks: each shown or not, required or not. */
export type CredentialFields = {
  login: { required: boolean };
  password: { required: boolean };
  /** The application code (`keys`). */
  keys: { shown: boolean; required: boolean };
  /** The code everybody shares (application's, else platform's), filled in for the user. */
  commonCode: string | null;
};

/**
 * The credentials an application needs (spec 3 §5): login and password when its URL scheme
 * requires them; a code shown when the scheme, the application or the platform has a code option,
 * required when one of them requires it, unless a common code fills it.
 */
export function credentialFieldsOf(
  application: CredentialApplication,
  platform: CredentialPlatform | undefined,
): CredentialFields {
  const commonCode = application.commonCode ?? platform?.commonCode ?? null;
  const codeRequired =
    application.urlSchemeCodeRequired || application.applicationCodeRequired || Boolean(platform?.platformCodeRequired);
  const codeShown =
    codeRequired || application.urlSchemeCodeYesNo || application.applicationCodeYesNo || Boolean(platform?.platformCodeYesNo);
  return {
    login: { required: application.urlSchemeLoginRequired },
    password: { required: application.urlSchemePwdRequired },
    keys: { shown: codeShown, required: codeRequired && commonCode === null },
    commonCode,
  };
}

/** Whether enabling the application from a toggle first asks login, password and code (its code is required). */
export function asksCredentialsOnEnable(fields: CredentialFields): boolean {
  return fields.keys.required;
}

const blank = (value: string | null | undefined) => value == null || value.trim() === '';

/** The credential fields missing for an access: each required field left blank, keyed `login`, `password`, `keys`. */
export function missingCredentials(
  fields: CredentialFields,
  values: { login?: string | null; password?: string | null; keys?: string | null; hasStoredPassword?: boolean },
): CredentialField[] {
  const missing: CredentialField[] = [];
  if (fields.login.required && blank(values.login)) missing.push('login');
  if (fields.password.required && blank(values.password) && !values.hasStoredPassword) missing.push('password');
  if (fields.keys.required && blank(values.keys)) missing.push('keys');
  return missing;
}
