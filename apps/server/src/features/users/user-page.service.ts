import { hasRight, type UserPage } from '@console/contract';
import { decryptSecret } from '../../platform/auth/secrets.js';
import type { ServiceContext } from '../../platform/context.js';
import { presentUserPage } from './user-page.presenter.js';
import { readUserPageRows } from './user-page.repository.js';
import { findReachableUser, type UserRecord } from './users.access.js';
import { canEditUserPage, canSeePasswordsOf, canUnlockUser, seesWholeCatalogue } from './users.policy.js';

/** Decrypts a stored secret for an answer; null when none is stored or it cannot be read (never throws). */
export function revealSecret(key: Buffer, sealed: string | null): string | null {
  if (sealed === null) return null;
  try {
    return decryptSecret(key, sealed);
  } catch {
    return null;
  }
}

/** The page of a user already reached, as this caller may see it. */
export async function presentPageOf(ctx: ServiceContext, user: UserRecord): Promise<UserPage> {
  const rows = await readUserPageRows(ctx.db, user);
  const viewer = ctx.actor;
  const isEditable = canEditUserPage(viewer, user.id);
  return presentUserPage(
    user,
    rows,
    {
      seesPasswords: canSeePasswordsOf(viewer, user.id),
      seesWholeCatalogue: seesWholeCatalogue(viewer),
      seesApplications: hasRight(viewer.rights, 'UserPage_Apps', 'Lecture'),
      seesDevices: hasRight(viewer.rights, 'UserPage_Devices', 'Lecture'),
      abilities: {
        canEditProfile: isEditable,
        canEditApplications: isEditable,
        canSeePasswords: canSeePasswordsOf(viewer, user.id),
        canUnlock: canUnlockUser(viewer, user),
      },
    },
    (sealed) => revealSecret(ctx.env.encryptionKey, sealed),
  );
}

/**
 * One user page: the caller's own always, another user's within the caller's schools. Pupils
 * and teachers reach only their own. Throws `not_found` otherwise (unknown or out of reach alike).
 */
export async function getUserPage(ctx: ServiceContext, id: number): Promise<UserPage> {
  const user = await findReachableUser(ctx.db, ctx.actor, id, { allowSelf: true });
  return presentPageOf(ctx, user);
}
