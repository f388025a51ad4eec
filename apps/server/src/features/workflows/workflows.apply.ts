import { writeAudit } from '#platform/audit/audit.js';
import { editorLabel, type Actor } from '#platform/context.js';
import type { Transaction } from '#platform/db/client.js';
import type { PlannedChange } from './workflows.policy.js';
import {
  deleteSubStep,
  insertSubStep,
  renameSubStep,
  upsertEvent,
  type EventRow,
  type SubStepRow,
  type WorkflowRows,
} from './workflows.repository.js';

/**
 * A school's workflow rows as a PUT changes them, kept in step with what the transaction writes,
 * so that the answer and the broadcast need no second read (each PGlite round trip costs about a
 * millisecond and garbage: bench/workflows.bench.ts, saves).
 */
export type SchoolRowsState = {
  uai: string;
  steps: WorkflowRows['steps'];
  subSteps: Map<number, SubStepRow>;
  /** By item id: one event per school and item. */
  events: Map<number, EventRow>;
};

export function stateOf(uai: string, rows: WorkflowRows): SchoolRowsState {
  return {
    uai,
    steps: rows.steps,
    subSteps: new Map(rows.subSteps.map((subStep) => [subStep.id, { ...subStep }])),
    events: new Map(rows.events.map((event) => [event.itemId, { ...event }])),
  };
}

/** The rows as the presenter takes them: sub-steps in display order. */
export function rowsOf(state: SchoolRowsState): WorkflowRows {
  const subSteps = [...state.subSteps.values()].sort(
    (a, b) => a.parentId - b.parentId || a.orderInLevel - b.orderInLevel || a.id - b.id,
  );
  return { steps: state.steps, subSteps, events: [...state.events.values()] };
}

function nextOrder(state: SchoolRowsState, parentId: number): number {
  let last = 0;
  for (const subStep of state.subSteps.values()) if (subStep.parentId === parentId) last = Math.max(last, subStep.orderInLevel);
  return last + 1;
}

function auditOf(change: PlannedChange, itemId: number, before: unknown) {
  const entity = change.kind === 'set-step' ? 'workflow_step' : 'workflow_sub_step';
  const action = change.kind === 'delete-sub-step' ? 'delete' : change.kind === 'create-sub-step' ? 'create' : 'update';
  const after =
    change.kind === 'delete-sub-step' ? null : { label: change.label, statusId: change.statusId, comment: change.comment };
  return { entity, action, entityId: itemId, before, after };
}

/**
 * Writes one planned change and its audit entry in the transaction, and mirrors it in `state`.
 * An insert that changes nothing (saving a step resends its untouched sub-steps) writes nothing:
 * only real changes get a new date, author and audit entry.
 */
export async function applyChange(
  tx: Transaction,
  actor: Actor,
  state: SchoolRowsState,
  change: PlannedChange,
  now: Date,
): Promise<void> {
  const author = { modifiedById: actor.id, modifiedBy: editorLabel(actor) };
  const { uai } = state;
  if (change.kind === 'delete-sub-step') {
    const event = state.events.get(change.itemId);
    const before = {
      label: state.subSteps.get(change.itemId)?.label,
      statusId: event?.statusId ?? 2,
      comment: event?.comment ?? null,
    };
    await deleteSubStep(tx, change.itemId);
    state.subSteps.delete(change.itemId);
    state.events.delete(change.itemId);
    await writeAudit(tx, { actor, uai, ...auditOf(change, change.itemId, before) });
    return;
  }
  let itemId: number;
  let before: unknown = null;
  if (change.kind === 'create-sub-step') {
    const orderInLevel = nextOrder(state, change.parentId);
    itemId = await insertSubStep(tx, { uai, parentId: change.parentId, label: change.label, orderInLevel });
    state.subSteps.set(itemId, { id: itemId, uai, parentId: change.parentId, label: change.label, orderInLevel });
  } else {
    itemId = change.itemId;
    const event = state.events.get(itemId);
    const subStep = state.subSteps.get(itemId);
    const label = change.kind === 'update-sub-step' ? subStep?.label : change.label;
    if (label === change.label && (event?.statusId ?? 2) === change.statusId && (event?.comment ?? null) === change.comment)
      return;
    before = { label, statusId: event?.statusId ?? 2, comment: event?.comment ?? null };
    if (subStep && label !== change.label) {
      await renameSubStep(tx, itemId, change.label);
      subStep.label = change.label;
    }
  }
  const eventId = await upsertEvent(tx, {
    uai,
    itemId,
    statusId: change.statusId,
    comment: change.comment,
    modifiedAt: now,
    ...author,
  });
  state.events.set(itemId, {
    id: eventId,
    uai,
    itemId,
    statusId: change.statusId,
    comment: change.comment,
    modifiedAt: now,
    modifiedBy: author.modifiedBy,
  });
  await writeAudit(tx, { actor, uai, ...auditOf(change, itemId, before) });
}
