import { imports } from '@console/contract';
import type { Actor } from '#platform/context.js';
import type { HistoryRow } from './history.repository.js';
import { confirmProgress } from '../confirm/confirm-progress.js';
import { canRollBack, rollbackUntilOf } from './rollback.policy.js';

const appliedCountsSchema = imports.importHistoryEntrySchema.shape.counts;

/**
 * A batch as the history shows it, with whether this caller may roll it back at `now`. The
 * counts are those of the application, kept once rolled back; null for a batch never applied.
 * A confirmation at work carries its progress.
 */
export function presentHistoryEntry(row: HistoryRow, actor: Pick<Actor, 'id' | 'rights'>, now: Date): imports.ImportHistoryEntry {
  const counts = row.status === 'applied' || row.status === 'rolled_back' ? appliedCountsSchema.safeParse(row.counts) : null;
  // A confirmation at work in this process: 'applying' though its one transaction (PostgreSQL) has not committed yet.
  const progress = confirmProgress.of(row.id) ?? null;
  return {
    importNumber: row.id,
    mode: row.mode as imports.ImportMode,
    status: progress && row.status === 'verified' ? 'applying' : (row.status as imports.ImportStatus),
    progress,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    counts: counts?.success ? counts.data : null,
    rollbackUntil: rollbackUntilOf(row)?.toISOString() ?? null,
    rolledBackAt: row.rolledBackAt?.toISOString() ?? null,
    canRollBack: canRollBack(actor, row, now),
  };
}
