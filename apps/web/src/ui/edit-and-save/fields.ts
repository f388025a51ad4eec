import type { TFunction } from 'i18next';
import { ApiError } from '#lib/api';
import { firstMessages } from '#lib/forms';

/** The fields of the edit-and-save pattern and what is computed from them: groups, changes, checks, the server's errors. */

export type EditableField = {
  /** The field's key: in the changes given to `onSave` and in the server's field errors. */
  name: string;
  label: string;
  /** The saved value. */
  value: string;
  /** The message key of what is wrong with a value (given the form's other values too), or null when it may be saved. */
  validate?: (value: string, values: FieldChanges) => string | null;
  multiline?: boolean;
  /** A choice among fixed values (shown as a select and, in the confirmation, by their labels). */
  choices?: readonly { value: string; label: string }[];
  /** What an empty value stands for (e.g. the default pattern). */
  placeholder?: string;
  /** The legend of the fieldset the field is shown in; fields of one group are given one after another. */
  group?: string;
  /** A yes/no switch: its value is 'true' or 'false'. */
  toggle?: boolean;
  /** Never editable here (e.g. an id fixed once created). */
  locked?: boolean;
  /**
   * An image address with a file picker beside it in edit mode: the file chosen is uploaded at
   * once and its address becomes the field's value, saved with the others. `accept` lists the types.
   */
  upload?: { accept: string; send: (file: File) => Promise<string> };
  /**
   * Other fields' values to set when this one changes, given its new value and the form's values
   * (linked switches: a "required" switched on switches its code on).
   */
  links?: (value: string, values: FieldChanges) => FieldChanges;
  /**
   * A secret the server never answers with the others: `value` is '' until it is revealed (asked
   * for on its own), masked as it is typed, and never shown in the confirmation. Left empty, it is
   * not changed; revealed then emptied, it is removed.
   */
  secret?: {
    isSet: boolean;
    isRevealed: boolean;
    /** Asks for the stored value (the owner then gives it as the field's value). */
    reveal: () => Promise<string>;
    /** A copy button beside it (the Wi-Fi password), with the toast saying so. */
    copiedMessage?: string;
  };
};

/** New values by field name. */
export type FieldChanges = Record<string, string>;

/** Message keys by field name. */
export type FieldMessages = Record<string, string>;

/** How a secret that is set shows before it is revealed, and in the confirmation. */
export const SECRET_MASK = '••••••••';

/** The saved value as the confirmation shows it: a secret set but not revealed is masked too. */
export function shownSavedOf(field: EditableField, t: TFunction): string {
  if (field.secret?.isSet && !field.secret.isRevealed) return SECRET_MASK;
  return shownOf(field, field.value, t);
}

/** A value as the confirmation shows it: a choice by its label, a switch by yes or no. */
export function shownOf(field: EditableField, value: string, t: TFunction): string {
  if (field.secret) return value === '' ? '' : SECRET_MASK;
  if (field.toggle) return t(value === 'true' ? 'settings.yes' : 'settings.no');
  return field.choices?.find((choice) => choice.value === value)?.label ?? value;
}

/** The fields in order, consecutive fields of one group together. */
export function groupsOf(fields: readonly EditableField[]): { group: string | undefined; members: EditableField[] }[] {
  const groups: { group: string | undefined; members: EditableField[] }[] = [];
  for (const field of fields) {
    const last = groups.at(-1);
    if (last && field.group !== undefined && last.group === field.group) last.members.push(field);
    else groups.push({ group: field.group, members: [field] });
  }
  return groups;
}

/** The draft after one field changes: its value, and the values its links set. */
export function withChange(fields: readonly EditableField[], draft: FieldChanges, name: string, value: string): FieldChanges {
  const field = fields.find((candidate) => candidate.name === name);
  const values = { ...savedValuesOf(fields), ...draft, [name]: value };
  return { ...draft, [name]: value, ...field?.links?.(value, values) };
}

/** Every field's saved value, by name. */
export function savedValuesOf(fields: readonly EditableField[]): FieldChanges {
  return Object.fromEntries(fields.map((field) => [field.name, field.value]));
}

/** The message key of each field whose value its own check refuses. */
export function checkFields(fields: readonly EditableField[], draft: FieldChanges): FieldMessages {
  const found: FieldMessages = {};
  for (const field of fields) {
    const message = field.validate?.(draft[field.name] ?? field.value, { ...savedValuesOf(fields), ...draft });
    if (message) found[field.name] = message;
  }
  return found;
}

/** The fields whose value differs from the saved one; every field of a new entry. */
export function changesOf(fields: readonly EditableField[], draft: FieldChanges, isNew: boolean): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of fields) {
    const value = draft[field.name] ?? field.value;
    if (isNew || value !== field.value) changes[field.name] = value;
  }
  return changes;
}

/** The server's field errors (message keys) of the fields shown; none for any other failure. */
export function placedFieldErrors(error: unknown, fields: readonly EditableField[]): FieldMessages {
  if (!(error instanceof ApiError)) return {};
  const byField = firstMessages(error.fieldErrors);
  return Object.fromEntries(fields.flatMap((field) => (byField[field.name] ? [[field.name, byField[field.name]!]] : [])));
}
