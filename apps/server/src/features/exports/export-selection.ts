import { userExports as contract, users as usersContract, type userExports } from '@console/contract';
import {
  listActionableUserIds,
  requireReachableSchool,
  selectReachableUsers,
  userNotFound,
  type UserRecord,
} from '../../platform/auth/access.js';
import { requireRight } from '../../platform/auth/rights.js';
import { decryptSecret } from '../../platform/auth/secrets.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ServiceContext } from '../../platform/context.js';

/** The users an export is of, in the order asked, with what the caller may read of their secrets. */
export type ExportSelection = {
  uai: string;
  users: UserRecord[];
  /** Whether the caller may see this user's secrets (passwords, codes' passwords, sign-in link). */
  mayReveal: (user: Pick<UserRecord, 'id'>) => boolean;
  /** A sealed secret of one of these users in clear, or '' when the caller may not see it. */
  reveal: (user: Pick<UserRecord, 'id'>, sealed: string | null) => string;
};

/**
 * The selected users of an export, after every check and before any byte is sent (so that a
 * refusal is an error answer, never a truncated file): the menu's right and the item's at
 * Lecture (`forbidden`), the school and every user within the caller's reach and every user of
 * that school (`not_found`). Secrets are revealed only to a caller who may see passwords, and
 * only of users the caller may act on. The caller audits the export once it will be sent
 * (`auditExport`).
 */
export async function readExportSelection(
  ctx: ServiceContext,
  selection: userExports.ExportSelection,
  item: userExports.ExportItem,
): Promise<ExportSelection> {
  requireRight(ctx.actor, contract.EXPORT_MENU_RIGHT, 'Lecture');
  requireRight(ctx.actor, contract.EXPORT_ITEM_RIGHTS[item], 'Lecture');
  await requireReachableSchool(ctx, selection.uai);
  const users = await selectReachableUsers(ctx.db, ctx.actor, selection.userIds);
  if (users.some((user) => user.uai !== selection.uai)) throw userNotFound();

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

  return { uai: selection.uai, users, mayReveal, reveal };
}

/** Records who exported which users of a school, with which item (and platform), before the file is sent. */
export async function auditExport(
  ctx: ServiceContext,
  selection: ExportSelection,
  item: userExports.ExportItem,
  detail: Record<string, string> = {},
): Promise<void> {
  await writeAudit(ctx.db, {
    actor: ctx.actor,
    action: 'export',
    entity: 'school',
    entityId: selection.uai,
    uai: selection.uai,
    after: { item, ...detail, userIds: selection.users.map((user) => user.id) },
  });
}

/** An export's file name: what it is, the school, and when (local time of the server, to the second). */
export function exportFileName(what: string, uai: string, now: Date, extension: 'csv' | 'xlsx' | 'zip'): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${what}_${uai}_${stamp}.${extension}`;
}
