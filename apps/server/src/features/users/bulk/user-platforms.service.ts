import { users as contract, type UserPlatforms } from '@console/contract';
import { decryptSecret } from '#platform/auth/secrets.js';
import type { ServiceContext } from '#platform/context.js';
import { readManageableUsers } from '#platform/auth/access.js';
import { presentUserPlatforms } from './user-platforms.presenter.js';
import { listUsersAccesses } from './user-platforms.repository.js';

/**
 * Each user's application accesses grouped by platform, for the bulk application form, in the
 * order of `userIds`. Passwords (platform ones and the user's printable one) are clear only for
 * a caller who may see passwords. Throws `not_found` when any user is out of reach, `forbidden`
 * when the caller may not act on one of them.
 */
export async function getUsersPlatforms(ctx: ServiceContext, userIds: readonly number[]): Promise<UserPlatforms[]> {
  const selected = await readManageableUsers(ctx.db, ctx.actor, userIds);
  const accesses = await listUsersAccesses(
    ctx.db,
    selected.map((user) => user.id),
  );
  const mayReveal = contract.canSeePasswords(ctx.actor.rights);
  const reveal = (sealed: string | null) => {
    if (!mayReveal || sealed === null) return null;
    try {
      return decryptSecret(ctx.env.encryptionKey, sealed);
    } catch {
      return null;
    }
  };
  return presentUserPlatforms(selected, accesses, reveal);
}
