import type { users } from '@console/contract';
import type { z } from 'zod';
import { auditUserChanges, writeAuditEntries } from '#platform/audit/audit.js';
import { forgetSessionsOfUsers } from '#platform/auth/sessions.js';
import { editorLabel, type ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import { lockManageableUsers } from '#platform/auth/access.js';
import { deleteSessionsOfUsers, writeDisabled } from './users-status.repository.js';

type DeactivateBody = z.output<typeof users.deactivateBodySchema>;

/**
 * Disables (`disable: true`) or enables users, in one transaction; disabling signs them out
 * (their sessions are deleted). Users already in that state are left as they are. Throws
 * `forbidden` when the caller is among them or may not act on one of them, `not_found` when any
 * is out of reach (then nobody changes). Answers how many users changed.
 */
export async function setUsersDisabled(ctx: ServiceContext, body: DeactivateBody, now = new Date()): Promise<{ count: number }> {
  if (body.users.some((user) => user.id === ctx.actor.id))
    throw new AppError('forbidden', 'Nobody disables their own account', { reason: 'self_disable' });
  const flags = new Map(body.users.map((user) => [user.id, { lls: user.lls ?? false, quizeo: user.quizeo ?? false }]));
  const changed = await ctx.db.transaction(async (tx) => {
    const selected = await lockManageableUsers(
      tx,
      ctx.actor,
      body.users.map((user) => user.id),
    );
    const toChange = selected.filter((user) => user.disabled !== body.disable);
    const ids = toChange.map((user) => user.id);
    const disabledAt = body.disable ? now : null;
    await writeDisabled(tx, ids, disabledAt, editorLabel(ctx.actor));
    if (body.disable) await deleteSessionsOfUsers(tx, ids);
    await writeAuditEntries(
      tx,
      auditUserChanges(
        ctx.actor,
        body.disable ? 'disable' : 'enable',
        toChange.map((user) => ({
          id: user.id,
          uai: user.uai,
          before: { disabled: user.disabled, disabledAt: user.disabledAt?.toISOString() ?? null, ...flags.get(user.id) },
          after: { disabled: body.disable, disabledAt: disabledAt?.toISOString() ?? null, ...flags.get(user.id) },
        })),
      ),
    );
    return ids;
  });
  // Sessions this instance validated a moment ago would otherwise be accepted for a few seconds more.
  if (body.disable) forgetSessionsOfUsers(ctx.db, new Set(changed));
  return { count: changed.length };
}
