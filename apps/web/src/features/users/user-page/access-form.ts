import { REQUIRED, cleanName, users, type NameRules, type UserPage, type UserPageUpdate } from '@console/contract';
import type { FieldErrors } from '#lib/api';

/** The access edit form (spec 3 §5 "User access edit form"). */

export const ACCESS_FIELDS = ['firstName', 'lastName', 'login', 'password', 'email'] as const;
export type AccessField = (typeof ACCESS_FIELDS)[number];
export type AccessValues = Record<AccessField, string>;
export type AccessMessages = Partial<Record<AccessField | 'form', string>>;

/** The name rule of each cleaned field (the contract names them in lower case). */
const RULE_OF = { firstName: 'firstname', lastName: 'lastname', login: 'login' } as const;
export type CleanedField = keyof typeof RULE_OF;

export function initialAccessValuesOf(page: UserPage): AccessValues {
  const { firstName, lastName, login, password, email } = page.informations;
  return { firstName, lastName, login, password: password ?? '', email: email ?? '' };
}

/** A name field cleaned by the school's regex and conversion, as on leaving it. */
export function cleanAccessField(field: CleanedField, value: string, rules: NameRules): string {
  return cleanName(value, rules[RULE_OF[field]]);
}

/** A value the school's rule will rewrite though the user left it as it is: its field, as stored, as it will be saved. */
export type RuleChange = { field: CleanedField; before: string; after: string };

/**
 * The fields the user has not touched that saving would still change, because the school's rule
 * writes them otherwise (a name stored before the rule: 'Benali' saved as 'BENALI'), so that the
 * form says so before saving, as the import's preview does.
 */
export function ruleChangesOf(values: AccessValues, page: UserPage, rules: NameRules): RuleChange[] {
  return (Object.keys(RULE_OF) as CleanedField[]).flatMap((field) => {
    const stored = page.informations[field];
    if (values[field] !== stored) return [];
    const after = cleanAccessField(field, stored, rules);
    return after === stored ? [] : [{ field, before: stored, after }];
  });
}

export type AccessCheck =
  | { kind: 'invalid'; messages: AccessMessages }
  | { kind: 'unchanged' }
  | { kind: 'changed'; informations: UserPageUpdate['informations'] };

/**
 * Checks the form: names and login cleaned, trimmed and required; the password required when it
 * is printable (otherwise blank keeps it); the e-mail the profile or the school requires; the
 * login free among the school's other users. Tells when nothing changed, so that no call is made.
 */
export function checkAccessForm(
  values: AccessValues,
  page: UserPage,
  {
    rules,
    schoolRequiresEmail,
    isLoginTaken,
  }: { rules: NameRules; schoolRequiresEmail: boolean; isLoginTaken: (login: string) => boolean },
): AccessCheck {
  const cleaned = {
    ...values,
    firstName: cleanAccessField('firstName', values.firstName, rules),
    lastName: cleanAccessField('lastName', values.lastName, rules),
    login: cleanAccessField('login', values.login, rules),
  };
  const isPrintable = page.informations.hasPrintablePassword;
  const parsed = users.userAccessFormSchema.safeParse({
    ...cleaned,
    password: cleaned.password.trim() === '' ? undefined : cleaned.password,
  });
  const messages: AccessMessages = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) messages[String(issue.path[0]) as AccessField] ??= issue.message;
  }
  if (isPrintable && cleaned.password.trim() === '') messages.password ??= REQUIRED;
  const missingEmail = users.missingEmailMessage(page.informations.profile, schoolRequiresEmail, cleaned.email);
  if (missingEmail !== null) messages.email ??= missingEmail;
  if (
    !messages.login &&
    cleaned.login.toLocaleLowerCase('fr') !== page.informations.login.toLocaleLowerCase('fr') &&
    isLoginTaken(cleaned.login)
  ) {
    messages.login = users.USERNAME_TAKEN;
  }
  if (!parsed.success || Object.keys(messages).length > 0) return { kind: 'invalid', messages };

  const informations = parsed.data;
  const before = page.informations;
  const isPasswordChanged = informations.password !== undefined && informations.password !== (before.password ?? '');
  const isChanged =
    informations.firstName !== before.firstName ||
    informations.lastName !== before.lastName ||
    informations.login !== before.login ||
    informations.email !== (before.email ?? null) ||
    isPasswordChanged;
  if (!isChanged) return { kind: 'unchanged' };
  return { kind: 'changed', informations };
}

/**
 * The server's refusal placed on the form: a taken login (409) under the login, field errors
 * (`informations.login`, …) under their fields, anything else under the form.
 */
export function placeServerMessages(status: number, fieldErrors: FieldErrors): AccessMessages {
  if (status === 409) return { login: users.USERNAME_TAKEN };
  const messages: AccessMessages = {};
  for (const [path, [first]] of Object.entries(fieldErrors)) {
    if (first === undefined) continue;
    const field = path.replace(/^informations\./, '');
    const target = (ACCESS_FIELDS as readonly string[]).includes(field) ? (field as AccessField) : 'form';
    messages[target] ??= first;
  }
  return Object.keys(messages).length > 0 ? messages : { form: 'global.errors.occurred' };
}
