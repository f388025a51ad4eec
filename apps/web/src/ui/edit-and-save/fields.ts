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
};

/** New values by field name. */
export type FieldChanges = Record<string, string>;

/** Message keys by field name. */
export type FieldMessages = Record<string, string>;

/** A value as the confirmation shows it: a choice by its label, a switch by yes or no. */
export function shownOf(field: EditableField, value: string, t: TFunction): string {
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
