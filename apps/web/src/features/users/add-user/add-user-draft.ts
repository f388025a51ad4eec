import { users, type NewUserValues, type ProfileName, type School, type SchoolUser } from '@console/contract';
import type { FieldErrors } from '#lib/api';

/** What the add-user form holds while it is filled in (selects hold '' for none). */
export type AddUserDraft = {
  firstName: string;
  lastName: string;
  login: string;
  password: string;
  profile: ProfileName | '';
  level: string;
  class: string;
  tabletNumber: string;
  comment: string;
  subject: string;
  email: string;
  /** Chosen option names, existing or to create. */
  options: string[];
  /** Chosen application ids. */
  applicationIds: number[];
};

export const EMPTY_DRAFT: AddUserDraft = {
  firstName: '',
  lastName: '',
  login: '',
  password: '',
  profile: '',
  level: '',
  class: '',
  tabletNumber: '',
  comment: '',
  subject: '',
  email: '',
  options: [],
  applicationIds: [],
};

export const DRAFT_FIELDS = [
  'firstName',
  'lastName',
  'login',
  'password',
  'profile',
  'level',
  'class',
  'tabletNumber',
  'comment',
  'subject',
  'email',
  'options',
  'applications',
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number] | 'form';
export type DraftMessages = Partial<Record<DraftField, string>>;

/** Whether the e-mail is required (the contract's rule: managers and school administrators, and a school that requires it). */
export function isEmailRequired(profile: ProfileName | '', school: Pick<School, 'informations'>): boolean {
  return users.isEmailRequired(profile === '' ? 'Eleve' : profile, school.informations.emailRequired);
}

/** The message of the e-mail rule a blank e-mail breaks, if any; no profile chosen yet is only the school's rule. */
function missingEmailMessageOf(profile: ProfileName | '', school: Pick<School, 'informations'>, email: string): string | null {
  return users.missingEmailMessage(profile === '' ? 'Eleve' : profile, school.informations.emailRequired, email);
}

/** Whether a login is already a user's of the school (compared as the database does: case-insensitively). */
export function isLoginTakenIn(schoolUsers: readonly SchoolUser[], login: string): boolean {
  const wanted = login.trim().toLowerCase();
  return schoolUsers.some((user) => user.login.toLowerCase() === wanted);
}

/** The values `POST /users` takes, before the contract schema trims and checks them. */
export function valuesOf(draft: AddUserDraft, uai: string): Record<keyof NewUserValues, unknown> {
  return {
    uai,
    firstName: draft.firstName,
    lastName: draft.lastName,
    login: draft.login,
    password: draft.password,
    level: draft.level,
    profile: draft.profile === '' ? undefined : draft.profile,
    class: draft.class,
    tabletNumber: draft.tabletNumber,
    comment: draft.comment,
    subject: draft.subject,
    email: draft.email,
    adminMode: 1,
  };
}

/** The field of a message path: `values.login` and `login` are the login field; `applications.0.codes` the applications. */
export function fieldOfPath(path: string): DraftField {
  const [head, next] = path.split('.');
  const name = head === 'values' ? next : head;
  if (name === 'uai') return 'form';
  return (DRAFT_FIELDS as readonly string[]).includes(name ?? '') ? (name as DraftField) : 'form';
}

/** The first message of each field, from the server's `fieldErrors`. */
export function messagesOfFieldErrors(fieldErrors: FieldErrors): DraftMessages {
  const messages: DraftMessages = {};
  for (const [path, [first]] of Object.entries(fieldErrors)) {
    if (first !== undefined) messages[fieldOfPath(path)] ??= first;
  }
  return messages;
}

export type DraftCheck = { values: NewUserValues; messages: null } | { values: null; messages: DraftMessages };

/**
 * Checks a draft with the contract's schema (the server checks again), plus what the schema
 * cannot know: the e-mail the profile or school requires, and a login already in the school.
 */
export function checkDraft(draft: AddUserDraft, school: School & { users: readonly SchoolUser[] }): DraftCheck {
  const parsed = users.newUserValuesSchema.safeParse(valuesOf(draft, school.informations.uai));
  const messages: DraftMessages = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) messages[fieldOfPath(issue.path.map(String).join('.'))] ??= issue.message;
  }
  const missingEmail = missingEmailMessageOf(draft.profile, school, draft.email);
  if (missingEmail !== null) messages.email ??= missingEmail;
  if (draft.login.trim() !== '' && isLoginTakenIn(school.users, draft.login)) messages.login ??= users.USERNAME_TAKEN;
  if (parsed.success && Object.keys(messages).length === 0) return { values: parsed.data, messages: null };
  return { values: null, messages };
}
