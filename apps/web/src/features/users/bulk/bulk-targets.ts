import { compareFrench, type BulkUpdate, type SchoolUser } from '@console/contract';

/** The bulk field changes of the menu (type std), by the column they change. */
export const BULK_FIELD_COLUMNS = ['comment', 'subject', 'className', 'level', 'profile'] as const;
export type BulkFieldColumn = (typeof BULK_FIELD_COLUMNS)[number];

/** How a class change applies: replace the class, or add or remove one class of the users' list. */
export type ClassMode = 'replace' | 'add' | 'delete';

/** The ids a bulk change is sent for. */
export function idsOf(selected: readonly Pick<SchoolUser, 'id'>[]): BulkUpdate['ids'] {
  return selected.map((user) => user.id);
}

/** Whether a field change needs a value: level and profile always; a class added or removed too. */
export function isValueRequired(column: BulkFieldColumn, classMode: ClassMode): boolean {
  return column === 'level' || column === 'profile' || (column === 'className' && classMode !== 'replace');
}

/** The option names the selected users have, sorted. */
export function optionsOfUsers(selected: readonly Pick<SchoolUser, 'options'>[]): string[] {
  return [...new Set(selected.flatMap((user) => user.options))].sort(compareFrench);
}
