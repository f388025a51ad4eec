import { hasRight, profileNameOf, signsInByLink, type UserPage } from '@console/contract';
import { findReachableUser, mayActOnUser, type UserRecord } from '#platform/auth/access.js';
import { decryptSecret } from '#platform/auth/secrets.js';
import type { ServiceContext } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { presentUserPage } from './user-page.presenter.js';
import { readUserPageRows } from './user-page.repository.js';
import { readTogether } from '#platform/db/reads.js';
import { canEditUserPage, canSeePasswordsOf, canUnlockUser, seesWholeCatalogue } from '../users.policy.js';

/** Decrypts a stored secret for an answer; null when none is stored or it cannot be read (never throws). */
export function revealSecret(key: Buffer, sealed: string | null): string | null {
  if (sealed === null) return null;
  try {
    return decryptSecret(key, sealed);
  } catch {
    return null;
  }
}

/**
 * The page of a user already reached, as this caller may see it, read through `executor` (the
 * transaction of an edit, so that its answer never depends on a read after the commit). Edits, unlocking and the sign-in
 * QR code are offered only to a caller who may act on the user (or the user themself): the QR
 * code is a live sign-in link, and it exists only for pupils and teachers.
 */
export async function presentPageOf(
  ctx: Pick<ServiceContext, 'actor' | 'env'>,
  executor: Executor,
  user: UserRecord,
): Promise<UserPage> {
  const viewer = ctx.actor;
  const [rows, mayAct] = await readTogether(executor, [
    () => readUserPageRows(executor, user),
    async () => viewer.id === user.id || (await mayActOnUser(executor, viewer, user)),
  ]);
  const isEditable = mayAct && canEditUserPage(viewer, user.id);
  const seesPasswords = mayAct && canSeePasswordsOf(viewer, user.id);
  const profile = profileNameOf(user.profileId);
  return presentUserPage(
    user,
    rows,
    {
      seesPasswords,
      seesWholeCatalogue: seesWholeCatalogue(viewer),
      seesApplications: hasRight(viewer.rights, 'UserPage_Apps', 'Lecture'),
      seesDevices: hasRight(viewer.rights, 'UserPage_Devices', 'Lecture'),
      seesDocuments: hasRight(viewer.rights, 'UserPage_Documents', 'Lecture'),
      seesSignInLink: mayAct && profile !== undefined && signsInByLink(profile),
      abilities: {
        canEditProfile: isEditable,
        canEditApplications: isEditable,
        canSeePasswords: seesPasswords,
        canUnlock: mayAct && canUnlockUser(viewer, user),
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
  return presentPageOf(ctx, ctx.db, user);
}
