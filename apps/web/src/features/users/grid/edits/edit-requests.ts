import { REQUIRED, cleanName, users, type CellValue, type NameRules, type UserPatch } from '@console/contract';

/** A grid edit as the `PATCH /users/{id}` body to send, or why it is refused before sending. */
export type EditRequest = { isValid: true; body: UserPatch } | { isValid: false; message: string };

type SchoolOption = { idOption: number; name: string };

function isEditableField(field: string): field is users.EditableField {
  return (users.EDITABLE_FIELDS as readonly string[]).includes(field);
}

/**
 * One field of `informations`, checked with the contract's schema (the server checks it again):
 * a blank Niveau is refused with `global.errors.required`. First and last names are cleaned by
 * the school's rules first (spec 3 §5, §8), by the function the add-user panel, the user page and
 * the server use: accents and forbidden characters removed; a name left empty is refused as required.
 */
export function buildFieldEdit(field: string, value: CellValue, rules: NameRules = {}): EditRequest {
  if (!isEditableField(field)) return { isValid: false, message: 'global.errors.occurred' };
  const cleaned =
    (field === 'firstname' || field === 'lastname') && typeof value === 'string' ? cleanName(value, rules[field]) : value;
  if (cleaned === '' && value !== '' && value !== null) return { isValid: false, message: REQUIRED };
  const parsed = users.informationsPatchSchema.safeParse({ [field]: cleaned ?? '' });
  if (!parsed.success) return { isValid: false, message: parsed.error.issues[0]?.message ?? REQUIRED };
  return { isValid: true, body: { key: 'informations', value: parsed.data } };
}

/**
 * The user's whole new option list after the option at `position` (from 1) became `name`: an
 * empty name removes it, a position past the list adds it at the end; an option the user has at
 * another position is refused (`users.errors.duplicate_option`).
 */
export function buildOptionsEdit(
  current: readonly string[],
  position: number,
  name: CellValue,
  schoolOptions: readonly SchoolOption[],
): EditRequest {
  const chosen = typeof name === 'string' ? name.trim() : '';
  const index = position - 1;
  const next = [...current];
  if (chosen === '') {
    if (index < next.length) next.splice(index, 1);
  } else if (next.some((existing, at) => existing === chosen && at !== index)) {
    return { isValid: false, message: users.DUPLICATE_OPTION };
  } else if (index < next.length) {
    next[index] = chosen;
  } else {
    next.push(chosen);
  }
  const idOf = new Map(schoolOptions.map((option) => [option.name, option.idOption]));
  if (next.some((optionName) => !idOf.has(optionName))) return { isValid: false, message: 'global.errors.occurred' };
  const parsed = users.optionListSchema.safeParse(
    next.map((optionName, at) => ({ idOption: idOf.get(optionName)!, ordre: at + 1 })),
  );
  if (!parsed.success) return { isValid: false, message: 'global.errors.occurred' };
  return { isValid: true, body: { key: 'options', value: parsed.data } };
}

/** The credentials sent with an application: left out when not given. */
export type ApplicationCredentialValues = users.GivenCredentials;

/**
 * One application of the user: status 1 enables, 0 disables, 2 changes only the code (`keys`).
 */
export function buildApplicationEdit(
  applicationId: number,
  status: 0 | 1 | 2,
  credentials: ApplicationCredentialValues = {},
): EditRequest {
  const informations = {
    idApplication: applicationId,
    status,
    ...users.toWireCredentials(credentials, users.CREDENTIAL_NAMES.grid),
  };
  const parsed = users.applicationPatchSchema.safeParse({ informations });
  if (!parsed.success) return { isValid: false, message: parsed.error.issues[0]?.message ?? 'global.errors.occurred' };
  return { isValid: true, body: { key: 'applications', value: parsed.data } };
}
