import { users as usersContract } from '@console/contract';
import type { ServiceContext } from '#platform/context.js';
import { listActionableUserIds, requireReachableSchool, selectReachableUsers, userNotFound, type UserRecord } from './access.js';
import { decryptSecret } from './secrets.js';

/** Selected users of one school, in the order asked, with what the caller may read of their secrets. */
export type UserSelection = {
  uai: string;
  users: UserRecord[];
  /** Whether the caller may see this user's secrets (passwords, codes' passwords, sign-in link). */
  mayReveal: (user: Pick<UserRecord, 'id'>) => boolean;
  /** A sealed secret of one of these users in clear, or '' when the caller may not see it. */
  reveal: (user: Pick<UserRecord, 'id'>, sealed: string | null) => string;
};

/**
 * The users a file is made of (an export, a PDF of sheets), after the checks of reach and before
 * any byte is sent (so that a refusal is an error answer, never a truncated file): the school
 * and every user within the caller's reach, and every user of that school (`not_found`
 * otherwise). Secrets are revealed only to a caller who may see passwords, and only of users the
 * caller may act on. The caller checks its own rights first.
 */
export async function readUserSelection(ctx: ServiceContext, uai: string, userIds: readonly number[]): Promise<UserSelection> {
  await requireReachableSchool(ctx, uai);
  const users = await selectReachableUsers(ctx.db, ctx.actor, userIds);
  if (users.some((user) => user.uai !== uai)) throw userNotFound();

  const revealed = usersContract.canSeePasswords(ctx.actor.rights)
    ? await listActionableUserIds(ctx.db, ctx.actor, users)
    : new Set<number>();
  const mayReveal = (user: Pick<UserRecord, 'id'>) => revealed.has(user.id);
  const reveal = (user: Pick<UserRecord, 'id'>, sealed: string | null): string => {
    if (sealed === null || !mayReveal(user)) return '';
    try {
      return decryptSecret(ctx.env.encryptionKey, sealed);
    } catch {
      return '';
    }
  };
  return { uai, users, mayReveal, reveal };
}
