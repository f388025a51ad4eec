import { workflows } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { workflowItems } from '../schema/index.js';

/**
 * Writes the 13 global workflow steps (level-1 items) in the contract's order. Idempotent; runs
 * at every start, so that a renumbered or added step reaches existing databases. Keyed by label:
 * a step's id never changes once created, since schools' events and sub-steps point to it.
 */
export async function seedWorkflowSteps(db: Executor): Promise<void> {
  await db
    .insert(workflowItems)
    .values(
      workflows.WORKFLOW_STEPS.map((label, index) => ({ label, level: 1, orderInLevel: index + 1, uai: null, parentId: null })),
    )
    .onConflictDoUpdate({
      target: workflowItems.label,
      targetWhere: sql`level = 1`,
      set: { orderInLevel: sql`excluded.order_in_level` },
    });
}
