import { userExports as contract, type userExports } from '@console/contract';
import { requireRight } from '#platform/auth/rights.js';
import { readUserSelection, type UserSelection } from '#platform/auth/user-selection.js';
import { writeAudit } from '#platform/audit/audit.js';
import type { ServiceContext } from '#platform/context.js';
import { fileNameStamp } from '#platform/time/file-name-stamp.js';

/** The users an export is of, in the order asked, with what the caller may read of their secrets. */
export type ExportSelection = UserSelection;

/**
 * The selected users of an export, after every check and before any byte is sent: the menu's
 * right and the item's at Lecture (`forbidden`), then the school and every user in reach
 * (platform/auth/user-selection.ts). The caller audits the export once it will be sent
 * (`auditExport`).
 */
export async function readExportSelection(
  ctx: ServiceContext,
  selection: userExports.ExportSelection,
  item: userExports.ExportItem,
): Promise<ExportSelection> {
  requireRight(ctx.actor, contract.EXPORT_MENU_RIGHT, 'Lecture');
  requireRight(ctx.actor, contract.EXPORT_ITEM_RIGHTS[item], 'Lecture');
  return readUserSelection(ctx, selection.uai, selection.userIds);
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

/** An export's file name: what it is, the school, and when (fileNameStamp: the console's local time, to the second). */
export function exportFileName(
  ctx: Pick<ServiceContext, 'env'>,
  what: string,
  uai: string,
  extension: 'csv' | 'xlsx' | 'zip',
  now = new Date(),
): string {
  return `${what}_${uai}_${fileNameStamp(now, ctx.env.TIME_ZONE)}.${extension}`;
}
