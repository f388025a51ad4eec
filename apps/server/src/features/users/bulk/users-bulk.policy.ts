import { REQUIRED, users as contract, type BulkUpdate, type RightArea } from '@console/contract';
import type { AuditEntry } from '#platform/audit/audit.js';
import type { OptionEntry } from '../options.repository.js';
import type { StoredAccess, UndoPayload } from './users-undo.policy.js';

/**
 * Pure rules of the bulk changes (spec 3 §4, §5, §9): which right each needs, what a field value
 * becomes, how a class list gains or loses one class, how an option list changes.
 */

/** What one bulk change did: the undo of it (its users are the changed ones) and an audit entry per changed user. */
export type BulkOutcome = { payload: UndoPayload; audit: AuditEntry[] };

export const INVALID_VALUE = 'users.errors.invalid_value';
export const PROFILE_CHANGE_REFUSED = 'users.errors.bulk_profile_refused';

/** The per-action right a bulk change needs at Ecriture, beside ButtonBar_buttonBulkEdit. */
export function bulkRightAreaOf(update: Pick<BulkUpdate, 'type' | 'column'>): RightArea {
  return update.type === 'std'
    ? contract.BULK_RIGHTS[update.column as contract.BulkStdColumn]
    : contract.BULK_RIGHTS[update.type];
}

const MAX_LENGTHS: Record<Exclude<contract.BulkStdColumn, 'profile' | 'adminMode'>, number> = {
  comment: contract.USER_TEXT_LIMITS.comment,
  subject: contract.USER_TEXT_LIMITS.subject,
  className: contract.USER_TEXT_LIMITS.className,
  level: contract.USER_TEXT_LIMITS.level,
};

export type StdValue = string | number | null;
export type StdValueResult = { ok: true; value: StdValue } | { ok: false; error: string };

/**
 * The value a std change writes, before it meets each user: text trimmed (blank becomes null),
 * within its length; level required; a class to add or delete required; the profile one of the
 * bulk targets; the admin mode 0 or 1.
 */
export function normaliseStdValue(column: contract.BulkStdColumn, value: StdValue, option?: 'add' | 'delete'): StdValueResult {
  if (column === 'adminMode') {
    const mode = typeof value === 'string' ? Number(value.trim()) : value;
    return mode === 0 || mode === 1 ? { ok: true, value: mode } : { ok: false, error: INVALID_VALUE };
  }
  const text = value === null ? '' : String(value).trim();
  if (column === 'profile') {
    return (contract.BULK_PROFILE_TARGETS as string[]).includes(text)
      ? { ok: true, value: text }
      : { ok: false, error: PROFILE_CHANGE_REFUSED };
  }
  if (text.length > MAX_LENGTHS[column]) return { ok: false, error: contract.TOO_LONG };
  const isRequired = column === 'level' || (column === 'className' && option !== undefined);
  if (text === '') return isRequired ? { ok: false, error: REQUIRED } : { ok: true, value: null };
  return { ok: true, value: text };
}

/** The classes of a comma-separated class list ("5A, 5B"), trimmed, blanks left out. */
export function parseClassList(list: string | null): string[] {
  if (list === null) return [];
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function joinClassList(names: readonly string[]): string | null {
  return names.length === 0 ? null : names.join(', ');
}

const sameClass = (left: string, right: string) => left.toLocaleLowerCase('fr') === right.toLocaleLowerCase('fr');

/** A class list with one class more (at the end; unchanged when it already holds it, whatever the case). */
export function addClass(list: string | null, name: string): string | null {
  const names = parseClassList(list);
  if (names.some((existing) => sameClass(existing, name))) return joinClassList(names);
  return joinClassList([...names, name.trim()]);
}

/** A class list without one class (compared whatever the case); null when none is left. */
export function removeClass(list: string | null, name: string): string | null {
  return joinClassList(parseClassList(list).filter((existing) => !sameClass(existing, name)));
}

/** What a std change makes of one user's current value: the class list edited, or the value itself. */
export function nextStdValue(
  column: contract.BulkStdColumn,
  value: StdValue,
  option: 'add' | 'delete' | undefined,
  current: StdValue,
): StdValue {
  if (column !== 'className' || option === undefined || typeof value !== 'string') return value;
  const next = option === 'add' ? addClass(current as string | null, value) : removeClass(current as string | null, value);
  // A list whose only change is its spacing is left as it was.
  return next === joinClassList(parseClassList(current as string | null)) ? current : next;
}

export type OptionChange =
  | { action: 'insert' | 'delete'; target: { id: number; name: string } }
  | { action: 'update'; target: { id: number; name: string }; sourceId: number };

/**
 * A user's option list after a bulk option change, or null when it does not change: insert
 * appends the option (ordre max+1) to a user who lacks it; update puts the target in the
 * source's place (a user who already has the target just loses the source); delete removes it.
 */
export function applyOptionChange(list: readonly OptionEntry[], change: OptionChange): OptionEntry[] | null {
  const hasTarget = list.some((entry) => entry.optionId === change.target.id);
  switch (change.action) {
    case 'insert': {
      if (hasTarget) return null;
      const ordre = list.reduce((max, entry) => Math.max(max, entry.ordre), 0) + 1;
      return [...list, { optionId: change.target.id, name: change.target.name, ordre }];
    }
    case 'delete':
      return hasTarget ? list.filter((entry) => entry.optionId !== change.target.id) : null;
    case 'update': {
      if (change.sourceId === change.target.id || !list.some((entry) => entry.optionId === change.sourceId)) return null;
      if (hasTarget) return list.filter((entry) => entry.optionId !== change.sourceId);
      return list.map((entry) =>
        entry.optionId === change.sourceId ? { ...entry, optionId: change.target.id, name: change.target.name } : entry,
      );
    }
  }
}

/** An access as the audit log shows it: never the password, only whether one is stored. */
export function auditOfAccess(applicationName: string, access: StoredAccess | null) {
  if (access === null) return { application: applicationName, status: null };
  return {
    application: applicationName,
    status: access.status,
    login: access.login,
    keys: access.keys,
    hasPassword: access.passwordEncrypted !== null,
  };
}
