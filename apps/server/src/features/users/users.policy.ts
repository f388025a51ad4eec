import { hasRight, isAccountHolderProfile, users, type ProfileName, type RightsMap } from '@console/contract';
import { canUnlockAccounts, hasPrintablePassword } from '#features/auth/auth.policy.js';

/** Pure rules of the grid and the user page; the services enforce them, the answers carry them. */

export type Viewer = { id: number; profile: ProfileName; rights: RightsMap };

/** Whether a viewer sees the passwords on a user's page: their own always, others' with the right. */
export function canSeePasswordsOf(viewer: Viewer, userId: number): boolean {
  return viewer.id === userId || users.canSeePasswords(viewer.rights);
}

/** Staff see every application of the catalogue on a page; pupils and teachers only their enabled ones. */
export function seesWholeCatalogue(viewer: Viewer): boolean {
  return !isAccountHolderProfile(viewer.profile);
}

/** Whether a viewer may edit a user's access and applications from the page (never a pupil or teacher their own). */
export function canEditUserPage(viewer: Viewer, userId: number): boolean {
  if (isAccountHolderProfile(viewer.profile) && viewer.id === userId) return false;
  return hasRight(viewer.rights, 'FicheUser_profil', 'Ecriture');
}

/** Whether the page offers to unlock the user: an Administrateur, and the account locked. */
export function canUnlockUser(viewer: Viewer, user: { locked: boolean }): boolean {
  return user.locked && canUnlockAccounts(viewer.profile);
}

export type ProfileChangeRefusal = 'own_profile' | 'not_assignable';

/**
 * Why a caller may not move a user from one profile to another, or null when they may. Nobody
 * changes their own profile; a caller moves a user only between profiles they could give.
 */
export function refuseProfileChange(
  actor: { id: number; profile: ProfileName },
  target: { id: number; profile: ProfileName },
  next: ProfileName,
): ProfileChangeRefusal | null {
  if (next === target.profile) return null;
  if (actor.id === target.id) return 'own_profile';
  const assignable = users.assignableProfiles(actor.profile);
  if (!assignable.includes(next) || !assignable.includes(target.profile)) return 'not_assignable';
  return null;
}

/**
 * What a profile change does to the stored password: a printable one (encrypted) becomes a hash
 * for staff; a staff member becoming a pupil or teacher gets a new printable one (a hash cannot
 * be shown again).
 */
export function passwordTransitionOf(from: ProfileName, to: ProfileName): 'hash_printable' | 'generate_printable' | 'none' {
  const wasPrintable = hasPrintablePassword(from);
  const isPrintable = hasPrintablePassword(to);
  if (wasPrintable && !isPrintable) return 'hash_printable';
  if (!wasPrintable && isPrintable) return 'generate_printable';
  return 'none';
}

/** Whether an option list names the same option twice. */
export function hasDuplicateOption(list: readonly { idOption: number }[]): boolean {
  return new Set(list.map((item) => item.idOption)).size !== list.length;
}

/** The ids of a list that are not options of the user's school. */
export function findForeignOptions(list: readonly { idOption: number }[], schoolOptionIds: ReadonlySet<number>): number[] {
  return list.filter((item) => !schoolOptionIds.has(item.idOption)).map((item) => item.idOption);
}

/** A user's access to an application as stored, its platform password decrypted when one is stored. */
export type StoredAccess = {
  status: number;
  login: string | null;
  hasPassword: boolean;
  /** The clear stored password; null when none is stored or it cannot be read. */
  password: string | null;
  keys: string | null;
};

/**
 * An access edit: status 1 enables, 0 disables, 2 keeps the status. A credential left out
 * (undefined) is kept, null clears it; a platform password is never cleared (blank keeps it).
 */
export type AccessRequest = { status: 0 | 1 | 2; login?: string | null; password?: string | null; keys?: string | null };

export type AccessProblem = { field: users.CredentialField; reason: 'required' | 'password_locked' };

export type AccessPlan = {
  next: { status: number; login: string | null; keys: string | null };
  /** The clear platform password to store; undefined keeps the stored one. */
  newPassword: string | undefined;
  isChanged: boolean;
  problems: AccessProblem[];
};

/**
 * What an access edit writes and what is wrong with it. A stored platform password may not be
 * replaced (spec 3 §5: not editable once it exists; sending the same value back is no change).
 * An access enabled by this edit, or whose credentials this edit changes while enabled, must
 * carry the credentials its application requires (given now or stored).
 */
export function planAccessChange(
  fields: users.CredentialFields,
  stored: StoredAccess | undefined,
  request: AccessRequest,
): AccessPlan {
  const next = {
    status: request.status === 2 ? (stored?.status ?? 0) : request.status,
    login: request.login !== undefined ? request.login : (stored?.login ?? null),
    keys: request.keys !== undefined ? request.keys : (stored?.keys ?? null),
  };
  const problems: AccessProblem[] = [];
  let newPassword: string | undefined;
  if (request.password != null && request.password !== stored?.password) {
    if (stored?.hasPassword) problems.push({ field: 'password', reason: 'password_locked' });
    else newPassword = request.password;
  }
  const isChanged = stored
    ? next.status !== stored.status || next.login !== stored.login || next.keys !== stored.keys || newPassword !== undefined
    : request.status === 1 || next.login !== null || next.keys !== null || newPassword !== undefined;
  if (isChanged && next.status === 1) {
    const missing = users.missingCredentials(fields, {
      login: next.login,
      password: newPassword ?? null,
      keys: next.keys,
      hasStoredPassword: stored?.hasPassword ?? false,
    });
    for (const field of missing) problems.push({ field, reason: 'required' });
  }
  return { next, newPassword, isChanged, problems };
}

/**
 * The fields whose values differ, as the audit log's before and after; null when nothing differs.
 * Values are compared as JSON, so that lists and objects compare by content.
 */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}
