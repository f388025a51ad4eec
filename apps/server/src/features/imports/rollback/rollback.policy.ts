import { hasRight, imports, type RightsMap } from '@console/contract';

/**
 * When an import may be rolled back, and by whom: pure rules, shared by the rollback (which
 * refuses) and the history (which says `canRollBack`), so that the two never disagree.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A batch as these rules read it. */
export type RollbackCandidate = {
  status: string;
  mode: string;
  createdById: number | null;
  decidedAt: Date | null;
};

/** The end of an applied import's rollback window; null for an import in any other state. */
export function rollbackUntilOf(batch: Pick<RollbackCandidate, 'status' | 'decidedAt'>): Date | null {
  if (batch.status !== 'applied' || batch.decidedAt === null) return null;
  return new Date(batch.decidedAt.getTime() + imports.ROLLBACK_DAYS * DAY_MS);
}

/**
 * Why an import's state refuses a rollback at `now`: not applied (never, cancelled, or already
 * rolled back), or applied more than ROLLBACK_DAYS ago; null when its state allows one.
 */
export function rollbackRefusalOf(
  batch: Pick<RollbackCandidate, 'status' | 'decidedAt'>,
  now: Date,
): 'import_not_applied' | 'import_rollback_expired' | null {
  const until = rollbackUntilOf(batch);
  if (until === null) return 'import_not_applied';
  return now.getTime() > until.getTime() ? 'import_rollback_expired' : null;
}

/**
 * Whether a caller, who reaches the import's school, may roll it back at `now`: its author, with
 * the import right at Ecriture (and adminTabs for a teaching import, as its confirmation needs),
 * while its state allows it.
 */
export function canRollBack(actor: { id: number; rights: RightsMap }, batch: RollbackCandidate, now: Date): boolean {
  return (
    batch.createdById === actor.id &&
    hasRight(actor.rights, 'ImportModal', 'Ecriture') &&
    (batch.mode !== 'teaching' || hasRight(actor.rights, 'adminTabs', 'Lecture')) &&
    rollbackRefusalOf(batch, now) === null
  );
}
