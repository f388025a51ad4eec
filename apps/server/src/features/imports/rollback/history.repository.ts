import { imports } from '@console/contract';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/client.js';
import { importBatches } from '#platform/db/schema/index.js';
import type { BatchRow } from '../imports.repository.js';

/** The columns the history shows of a batch: never its plan nor its undo, which may be large. */
const HISTORY_COLUMNS = {
  id: importBatches.id,
  uai: importBatches.uai,
  mode: importBatches.mode,
  status: importBatches.status,
  createdById: importBatches.createdById,
  createdBy: importBatches.createdBy,
  createdAt: importBatches.createdAt,
  decidedAt: importBatches.decidedAt,
  rolledBackAt: importBatches.rolledBackAt,
  counts: importBatches.counts,
};

export type HistoryRow = Pick<BatchRow, keyof typeof HISTORY_COLUMNS>;

/** A school's newest batches, newest first (on the index by school and date). */
export async function listSchoolBatches(db: Executor, uai: string): Promise<HistoryRow[]> {
  return db
    .select(HISTORY_COLUMNS)
    .from(importBatches)
    .where(eq(importBatches.uai, uai))
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(imports.IMPORT_HISTORY_MAX);
}

/** Records a batch's rollback; `decided_at` stays the date it was applied. */
export async function markBatchRolledBack(tx: Executor, id: number, at: Date): Promise<HistoryRow> {
  const [row] = await tx
    .update(importBatches)
    .set({ status: 'rolled_back', rolledBackAt: at })
    .where(eq(importBatches.id, id))
    .returning(HISTORY_COLUMNS);
  return row!;
}
