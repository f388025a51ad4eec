import { sheets as contract } from '@console/contract';
import { findReachableUser } from '#platform/auth/access.js';
import { requireRight } from '#platform/auth/rights.js';
import type { ServiceContext } from '#platform/context.js';
import { findUserPrints } from './print-log.repository.js';

/**
 * The last prints that held a user's sheet, newest first (the user page's print log). Only with the
 * PDF menu's right, and only of a user in the caller's reach (404 otherwise, as for the page).
 */
export async function listUserPrints(ctx: ServiceContext, userId: number): Promise<{ prints: contract.SheetPrint[] }> {
  requireRight(ctx.actor, contract.SHEETS_RIGHT, 'Lecture');
  const user = await findReachableUser(ctx.db, ctx.actor, userId);
  const rows = await findUserPrints(ctx.db, user.id, contract.PRINT_LOG_LIMIT);
  return {
    prints: rows.map((row) => ({
      ...row,
      printedAt: row.printedAt.toISOString(),
      type: row.type as contract.SheetType,
      lang: row.lang as contract.SheetLanguage,
      mode: row.mode as contract.SheetMode,
    })),
  };
}
