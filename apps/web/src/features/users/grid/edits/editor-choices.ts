import { compareFrench, users as usersContract, type ProfileChoice, type SchoolUser } from '@console/contract';
import type { ComboboxChoice } from './ComboboxCellEditor';

const FIELDS_FROM_USERS: ReadonlySet<string> = new Set(['level', 'className', 'subject']);

/** The distinct non-empty values of a field among the school's users still active, sorted. */
function valuesAmongActiveUsers(list: readonly SchoolUser[], field: 'level' | 'className' | 'subject'): string[] {
  const values = new Set<string>();
  for (const user of list) {
    const value = user[field];
    if (!user.disabled && value && value.trim() !== '') values.add(value);
  }
  return [...values].sort(compareFrench);
}

type ChoiceSources = {
  users: readonly SchoolUser[];
  options: readonly string[];
  profiles: readonly ProfileChoice[];
  /** A profile's name in the reader's language. */
  profileLabel?: (name: string) => string;
};

/**
 * What a combobox cell offers (spec 3 §5): Niveau, Classe and Matière the values of the school's
 * non-disabled users; Profil the profiles the caller may give; an option column the school's
 * options, or none (removes it).
 */
export function choicesOfColumn(
  colId: string,
  { users, options, profiles, profileLabel = (name) => name }: ChoiceSources,
): ComboboxChoice[] {
  if (FIELDS_FROM_USERS.has(colId)) {
    return valuesAmongActiveUsers(users, colId as 'level' | 'className' | 'subject').map((value) => ({ value, label: value }));
  }
  if (colId === 'profile') return profiles.map((profile) => ({ value: profile.Nom, label: profileLabel(profile.Nom) }));
  if (usersContract.parseColumnKey(colId)?.kind === 'option')
    return [{ value: '', label: '—' }, ...options.map((name) => ({ value: name, label: name }))];
  return [];
}
