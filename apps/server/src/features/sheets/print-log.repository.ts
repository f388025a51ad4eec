import type { sheets as contract } from '@console/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { editorLabel, type Actor } from '#platform/context.js';
import type { Executor } from '#platform/db/client.js';
import { sheetPrints, sheetPrintUsers } from '#platform/db/schema/index.js';

/** One print as the log keeps it: what was printed, of which school, for which users. */
export type PrintRecord = {
  uai: string;
  type: contract.SheetType;
  lang: contract.SheetLanguage;
  mode: contract.SheetMode;
  userIds: readonly number[];
};

/**
 * Writes one print and its users, in the caller's transaction: one statement whatever the number
 * of users (the ids travel as one array).
 */
export async function writePrint(
  executor: Executor,
  actor: Pick<Actor, 'id' | 'firstname' | 'lastname'>,
  print: PrintRecord,
): Promise<void> {
  await executor.execute(sql`
    with print as (
      insert into sheet_prints (uai, type, lang, mode, user_count, printed_by_id, printed_by)
      values (${print.uai}, ${print.type}, ${print.lang}, ${print.mode}, ${print.userIds.length}, ${actor.id}, ${editorLabel(actor)})
      returning id)
    insert into sheet_print_users (user_id, print_id)
    select distinct u, print.id from print, unnest(${sql.param([...print.userIds])}::int[]) as u`);
}

/** The last `limit` prints that held a user's sheet, newest first. */
export async function findUserPrints(db: Executor, userId: number, limit: number) {
  return db
    .select({
      id: sheetPrints.id,
      printedAt: sheetPrints.printedAt,
      printedBy: sheetPrints.printedBy,
      type: sheetPrints.type,
      lang: sheetPrints.lang,
      mode: sheetPrints.mode,
      userCount: sheetPrints.userCount,
    })
    .from(sheetPrintUsers)
    .innerJoin(sheetPrints, eq(sheetPrints.id, sheetPrintUsers.printId))
    .where(eq(sheetPrintUsers.userId, userId))
    .orderBy(desc(sheetPrints.printedAt), desc(sheetPrints.id))
    .limit(limit);
}
